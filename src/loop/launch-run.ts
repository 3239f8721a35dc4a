/**
 * Starts one run, new or resumed: its id, event stream and signal at once; then, once the driver
 * is loaded (`drive-run.ts`, imported with the first run: importing reins loads neither the loop's
 * driver nor the durable-run record) and every observer is ready (`RunObserver.ready`), the run.
 * Setup failures (the store cannot create or load the run, a run that cannot be resumed) end the
 * run `failed` with a typed error; the result never rejects. Cleanup runs in `finally`.
 */
import { emptyUsage } from '../spec/model.ts';
import type { Store } from '../sessions/store.ts';
import { asReinsError } from './as-reins-error.ts';
import type { AgentParts, LaunchedRun, LaunchTarget } from './drive-run.ts';
import type * as DriveRunModule from './drive-run.ts';
import { EventStream } from './event-stream.ts';
import type { AgentEvent } from '../spec/events.ts';
import { notifyObservers, observersReady } from './run-observer.ts';
import type { AgentRun, RunResult } from './run-result.ts';
import { createRunSignal } from './run-signal.ts';

type Driver = typeof DriveRunModule;

/**
 * The driver's module, once loaded. `import()` of a module already loaded still goes through the
 * ESM loader (resolve hooks, module map, package.json scope: tens of µs, more than a whole 1-step
 * run); the first run imports it, later runs reuse the namespace.
 */
let driver: Driver | undefined;
let loadingDriver: Promise<Driver> | undefined;

function loadDriver(): Promise<Driver> {
  return (loadingDriver ??= import('./drive-run.ts').then(
    (loaded) => (driver = loaded),
    (error: unknown) => {
      // A failed load (a broken install) is retried by the next run rather than remembered.
      loadingDriver = undefined;
      throw error;
    },
  ));
}

export function launchRun(parts: AgentParts, target: LaunchTarget, store: Store | undefined, signal?: AbortSignal): AgentRun {
  const run: LaunchedRun = {
    runId: target.kind === 'resume' ? target.runId : newRunId(),
    events: new EventStream<AgentEvent>(),
    scope: createRunSignal(signal, parts.policies.maxDurationMs),
  };
  return new RunHandle(run, drive(parts, target, store, run));
}

/** Random bytes for the next run ids, 16 each, and where the next id's bytes start. */
const idBytes = new Uint8Array(16 * 256);
let idBytesAt = idBytes.length;
/** The character codes of the id being made: the dashes stay, the hex digits are written over. */
const idCodes = Array.from('00000000-0000-0000-0000-000000000000', (char) => char.charCodeAt(0));
/** Where the two hex digits of each of the 16 bytes go. */
const idDigitAt = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34] as const;
const hexCodes = Array.from('0123456789abcdef', (char) => char.charCodeAt(0));

/**
 * A fresh run id: a random UUID v4 in lowercase, one flat string. Not `crypto.randomUUID()`: Node
 * builds it from 20 pieces joined with `+`, which V8 keeps as a tree of rope nodes (about 0.5 KB)
 * for as long as the id lives (the whole run), and flattening it (`toLowerCase()`) cost more than
 * making it (about 0.3 µs of a 5 µs run). Here the random bytes come from one `getRandomValues`
 * per 256 ids, and the id is made at once from its 36 character codes.
 */
export function newRunId(): string {
  if (idBytesAt === idBytes.length) {
    crypto.getRandomValues(idBytes);
    idBytesAt = 0;
  }
  const id = formatUuid(idBytes, idBytesAt);
  idBytesAt += 16;
  return id;
}

/**
 * The UUID v4 of the 16 bytes at `offset` (RFC 9562, as `crypto.randomUUID()` makes it from its
 * random bytes): the version nibble set to 4, the variant bits to `10`, lowercase hex.
 */
export function formatUuid(bytes: Uint8Array, offset: number): string {
  for (let index = 0; index < 16; index++) {
    let byte = bytes[offset + index] as number;
    if (index === 6) byte = (byte & 0x0f) | 0x40;
    else if (index === 8) byte = (byte & 0x3f) | 0x80;
    const at = idDigitAt[index] as number;
    idCodes[at] = hexCodes[byte >> 4] as number;
    idCodes[at + 1] = hexCodes[byte & 0x0f] as number;
  }
  return String.fromCharCode(...idCodes);
}

/**
 * What `agent.run()` returns. A class, its getter and iterator on the prototype: an object literal
 * with a getter and a computed symbol key is built on V8's slow path, two closures and an accessor
 * pair per run (half of a run's start before this).
 */
class RunHandle implements AgentRun {
  readonly result: Promise<RunResult>;
  readonly #run: LaunchedRun;

  constructor(run: LaunchedRun, result: Promise<RunResult>) {
    this.#run = run;
    this.result = result;
  }

  /** The run's id: the store's once it gave one. */
  get runId(): string {
    return this.#run.runId;
  }

  [Symbol.asyncIterator](): AsyncIterator<AgentEvent> {
    return this.#run.events[Symbol.asyncIterator]();
  }
}

async function drive(parts: AgentParts, target: LaunchTarget, store: Store | undefined, run: LaunchedRun): Promise<RunResult> {
  try {
    // Both start now and load side by side; most agents have no observer to wait for (`undefined`).
    const ready = observersReady(parts.observers);
    const { driveRun } = driver ?? (await loadDriver());
    // Awaited even when there is nothing to wait for: the run starts after `agent.run()` returned, never inside it.
    await ready;
    return await driveRun(parts, target, store, run);
  } catch (error) {
    const failure = asReinsError(error);
    const end: AgentEvent = { type: 'run-end', runId: run.runId, step: 0, status: 'failed', usage: emptyUsage(), error: failure };
    notifyObservers(parts.observers, end);
    run.events.push(end);
    return { runId: run.runId, status: 'failed', steps: 0, usage: emptyUsage(), stepUsage: [], usageEstimated: false, transcript: [], error: failure };
  } finally {
    run.scope.dispose();
    run.events.close();
  }
}
