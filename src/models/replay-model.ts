/**
 * A Model that replays recorded model turns from a JSON file (`--model replay:<file>`): demos and
 * reproducible runs without an LLM or a key. It says plainly what it is: provider `replay`, model id
 * `replay:<file name>`, and the recording's `description`.
 *
 * Recording format:
 * ```json
 * { "description": "...", "protocol": "line", "turns": ["FUNCTION_CALL: check_calendar", { "text": "...", "toolCalls": [...] }],
 *   "protocols": { "json": [...], "xml": [...] } }
 * ```
 * `turns` are for `protocol`; `protocols` holds further turn lists, one per protocol.
 * Streams pause for the event loop as they go (`paced`), so Ctrl-C, SIGTERM and timers work
 * during a long recorded turn.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { z } from 'zod';
import { ConfigError } from '../errors/config-error.ts';
import { RecordingEndedError } from '../errors/recording-ended-error.ts';
import { paced } from './paced.ts';
import { emptyUsage, type Model, type ModelRequest, type ModelResponse, type ModelStreamPart, type ModelToolCall } from '../spec/model.ts';

const toolCallSchema = z.object({
  id: z.string().optional(),
  name: z.string(),
  arguments: z.union([z.record(z.string(), z.unknown()), z.string()]),
});
const turnSchema = z.union([z.string(), z.object({ text: z.string().optional(), toolCalls: z.array(toolCallSchema).optional() })]);
const recordingSchema = z.object({
  description: z.string().optional(),
  /** The question the session answered (for demos). */
  question: z.string().optional(),
  /** Which demo server the session used (for demos). */
  server: z.string().optional(),
  protocol: z.string().optional(),
  turns: z.array(turnSchema).optional(),
  protocols: z.record(z.string(), z.array(turnSchema)).optional(),
});

/** One recorded model turn: the raw text, or `{ text?, toolCalls? }` for native tool calls. */
export type ReplayTurn = z.infer<typeof turnSchema>;
export type Recording = z.infer<typeof recordingSchema>;

export interface ReplayModelOptions {
  /**
   * The protocol the run uses: picks `protocols[protocol]`, else `turns` when the recording's
   * `protocol` is this one (or unset).
   * @default the recording's `protocol` (its `turns`)
   */
  protocol?: string;
  /** Shown in `modelId` as `replay:<name>`. @default 'recording' */
  name?: string;
  /** Characters per `text-delta` when streaming. @default 16 */
  chunkSize?: number;
}

export class ReplayModel implements Model {
  readonly provider = 'replay';
  readonly modelId: string;
  readonly supportsTools: boolean;
  /** What this model is: a replay, and of what. */
  readonly description: string;
  /** The protocol the replayed turns are written in, when known. */
  readonly protocol?: string;
  /** Every request received, in order (without its signal). */
  readonly calls: ModelRequest[] = [];
  readonly #name: string;
  readonly #turns: ReplayTurn[];
  readonly #chunkSize: number;

  constructor(recording: Recording, options: ReplayModelOptions = {}) {
    const parsed = recordingSchema.safeParse(recording);
    if (!parsed.success) throw new ConfigError(`Invalid replay recording: ${z.prettifyError(parsed.error)}`);
    this.#name = options.name ?? 'recording';
    this.#chunkSize = Math.max(1, options.chunkSize ?? 16);
    const { turns, protocol } = chooseTurns(parsed.data, options.protocol, this.#name);
    this.#turns = turns;
    this.protocol = protocol;
    this.modelId = `replay:${this.#name}`;
    this.supportsTools = protocol === 'native' || turns.some((turn) => typeof turn !== 'string' && (turn.toolCalls?.length ?? 0) > 0);
    const about = parsed.data.description ? `: ${parsed.data.description}` : '';
    this.description = `Replay of a recorded session (${this.#name}, ${turns.length} turn${turns.length === 1 ? '' : 's'}${protocol ? `, ${protocol}` : ''})${about}. No model is called.`;
  }

  /** Reads a recording file; `modelId` becomes `replay:<file name>`. */
  static async fromFile(path: string, options: Omit<ReplayModelOptions, 'name'> = {}): Promise<ReplayModel> {
    const text = await readFile(path, 'utf8').catch((cause: unknown) => {
      throw unreadable(path, cause);
    });
    return new ReplayModel(parseRecording(text, path), { ...options, name: basename(path) });
  }

  /** `fromFile` for synchronous callers (e.g. resolving the model string `replay:<file>`). */
  static fromFileSync(path: string, options: Omit<ReplayModelOptions, 'name'> = {}): ReplayModel {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (cause) {
      throw unreadable(path, cause);
    }
    return new ReplayModel(parseRecording(text, path), { ...options, name: basename(path) });
  }

  /**
   * Counts a turn as played without playing it: its response came from elsewhere (a recovered
   * durable run gets a finished model call from its checkpoint), so the next call plays the turn
   * after it, as a resumed run does (`replayFrom`), instead of the recording's first turn again.
   */
  turnPlayedElsewhere(request: ModelRequest): void {
    const { signal: _signal, ...recorded } = request;
    this.calls.push(recorded);
  }

  /** Turns not yet replayed. */
  get remaining(): number {
    return this.#turns.length - this.calls.length;
  }

  async generate(request: ModelRequest): Promise<ModelResponse> {
    const turn = this.#next(request);
    return { ...turn, usage: emptyUsage(), modelId: this.modelId, finishReason: turn.toolCalls.length ? 'tool-calls' : 'stop' };
  }

  async *stream(request: ModelRequest): AsyncIterable<ModelStreamPart> {
    const turn = this.#next(request);
    for await (const text of paced(chunksOf(turn.text, this.#chunkSize), request.signal)) yield { type: 'text-delta', text };
    for (const toolCall of turn.toolCalls) yield { type: 'tool-call', toolCall };
    yield { type: 'finish', finishReason: turn.toolCalls.length ? 'tool-calls' : 'stop', usage: emptyUsage(), modelId: this.modelId };
  }

  #next(request: ModelRequest): { text: string; toolCalls: ModelToolCall[] } {
    request.signal?.throwIfAborted();
    const index = this.calls.length;
    const turn = this.#turns[index];
    if (turn === undefined) throw new RecordingEndedError(this.#name, this.#turns.length);
    const { signal: _signal, ...recorded } = request;
    this.calls.push(recorded);
    if (typeof turn === 'string') return { text: turn, toolCalls: [] };
    const toolCalls = (turn.toolCalls ?? []).map((call, position) => ({
      id: call.id ?? `replay-${index + 1}-${position + 1}`,
      name: call.name,
      arguments: call.arguments,
    }));
    return { text: turn.text ?? '', toolCalls };
  }
}

const fileHint = 'Give a JSON recording file: replay:<path/to/recording.json>';
const unreadable = (path: string, cause: unknown) => new ConfigError(`Cannot read the replay recording ${path}`, { cause, hint: fileHint });

function* chunksOf(text: string, size: number): Generator<string> {
  for (let offset = 0; offset < text.length; offset += size) yield text.slice(offset, offset + size);
}

function parseRecording(text: string, path: string): Recording {
  try {
    return JSON.parse(text) as Recording;
  } catch (cause) {
    throw new ConfigError(`The replay recording ${path} is not valid JSON`, { cause, hint: fileHint });
  }
}

function chooseTurns(recording: Recording, wanted: string | undefined, name: string): { turns: ReplayTurn[]; protocol?: string } {
  const perProtocol = recording.protocols ?? {};
  if (wanted !== undefined && perProtocol[wanted]) return { turns: perProtocol[wanted], protocol: wanted };
  if (recording.turns && (wanted === undefined || recording.protocol === undefined || recording.protocol === wanted)) {
    return { turns: recording.turns, protocol: wanted ?? recording.protocol };
  }
  const available = [...(recording.turns && recording.protocol ? [recording.protocol] : []), ...Object.keys(perProtocol)];
  throw new ConfigError(
    wanted === undefined
      ? `The replay recording ${name} has no default turns; choose a protocol.`
      : `The replay recording ${name} has no turns for the ${wanted} protocol.`,
    { hint: available.length ? `Recorded protocols: ${available.join(', ')}.` : 'The recording holds no turns.' },
  );
}
