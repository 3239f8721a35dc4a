/**
 * The replay of one 2026-07-28 tool call (SEP-2322): the handler runs again from the start on every
 * round, and each request it makes to the client (sampling, elicitation) is answered from the
 * responses recorded in earlier rounds, in order. The first request past the record ends the round:
 * it is collected as an input request and `RoundTripSuspend` unwinds the handler.
 */
import { createHash } from 'node:crypto';
import type { InputRequest } from '@modelcontextprotocol/server';
import { RequestStateError } from '../errors/request-state-error.ts';

/** One answered request: the fingerprint of what was asked and the client's bare response. */
export interface RecordedStep {
  f: string;
  r: unknown;
}

/** A request asked in the last round, waiting for its response under key `k`. */
export interface PendingStep {
  k: string;
  f: string;
  m: InputRequest['method'];
}

/** Thrown by a request past the record: unwinds the handler so the round can end with `input_required`. */
export class RoundTripSuspend extends Error {
  static readonly marker = Symbol.for('reins.round-trip-suspend');
  constructor() {
    super('The tool call continues in the next round (input_required): let this error propagate.');
    this.name = 'RoundTripSuspend';
    (this as unknown as Record<symbol, boolean>)[RoundTripSuspend.marker] = true;
  }
  static isSuspend(value: unknown): value is RoundTripSuspend {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[RoundTripSuspend.marker] === true;
  }
}

/** The fingerprint of a recorded `value()` step. */
const valueStep = 'value';

function notDeterministic(index: number): RequestStateError {
  return new RequestStateError(
    `Step ${index + 1} of this tool call differs from the one recorded in an earlier round: the handler must make the same requests and replayed values, in the same order, on every round.`,
    { reason: 'not-deterministic' },
  );
}

export function fingerprint(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 22);
}

export class RoundTripReplay {
  readonly #steps: RecordedStep[];
  #cursor = 0;
  /** Requests past the record, in the order the handler made them. */
  readonly pending: { key: string; request: InputRequest; fingerprint: string }[] = [];

  constructor(steps: readonly RecordedStep[]) {
    this.#steps = [...steps];
  }

  get steps(): readonly RecordedStep[] {
    return this.#steps;
  }

  /**
   * A value the handler computes once (a random draw, a clock reading): recorded on the round that
   * computes it, replayed on later rounds. It must survive JSON.
   */
  value<T>(compute: () => T): T {
    const index = this.#cursor++;
    const step = this.#steps[index];
    if (step) {
      if (step.f !== valueStep) throw notDeterministic(index);
      return step.r as T;
    }
    // Past a pending request (parallel branches) the round ends anyway; the value is drawn next round.
    if (this.pending.length > 0) throw new RoundTripSuspend();
    const value = compute();
    this.#steps.push({ f: valueStep, r: value });
    return value;
  }

  /**
   * The recorded response of the next request, or a suspension that asks the client for it under
   * `key` in `inputRequests` (default `r<n>`, the request's position in the call; a key already
   * asked in this round falls back to that default).
   */
  request<T>(request: InputRequest, key?: string): Promise<T> {
    const index = this.#cursor++;
    const print = fingerprint(request);
    const step = this.#steps[index];
    if (step) {
      if (step.f !== print) return Promise.reject(notDeterministic(index));
      return Promise.resolve(step.r as T);
    }
    const named = key !== undefined && !this.pending.some((step) => step.key === key) ? key : `r${index}`;
    this.pending.push({ key: named, request, fingerprint: print });
    return Promise.reject(new RoundTripSuspend());
  }
}

/** The replay of the request a handler context belongs to (set by `RoundTrips.tool` for the duration of a round). */
const replays = new WeakMap<object, RoundTripReplay>();

export function bindReplay(mcpReq: object, replay: RoundTripReplay): () => void {
  replays.set(mcpReq, replay);
  return () => replays.delete(mcpReq);
}

export function replayOf(mcpReq: object): RoundTripReplay | undefined {
  return replays.get(mcpReq);
}
