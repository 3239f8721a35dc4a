/**
 * `RoundTrips`: makes a tool handler that uses the sampling helpers work on both protocol eras.
 * On a 2025-era request the handler runs once and the helpers push `sampling/createMessage` and
 * `elicitation/create` to the client, as before. On a 2026-07-28 request (SEP-2322) the server
 * cannot push requests: the handler runs once per round instead. Each round replays the responses
 * recorded so far (in order), and the first request past them ends the round with `input_required`;
 * the record travels in `requestState`, sealed with the SDK's HMAC codec (keyed by the server, with
 * a TTL, bound to the method and the caller). A retry after an invalid reply is one more round.
 *
 * The handler is re-entrant by construction, with one rule: on every round it must make the same
 * requests in the same order until it reaches new ground (derive them from the tool's arguments and
 * earlier answers; no clock, randomness without a seed, or outside state between them). A differing
 * request is refused with `RequestStateError` ('not-deterministic'). Side effects before the last
 * request run once per round: put them after it, or make them idempotent.
 *
 * @example
 * const rounds = new RoundTrips({ key: process.env.ROUND_TRIP_KEY });
 * const server = new McpServer(info, { ...rounds.serverOptions });
 * server.registerTool('pick', { inputSchema: z.object({}) }, rounds.tool(async (_args, ctx) => {
 *   const { parsed } = await samplingContext(server, ctx).sampleSchema({ prompt: 'Pick 0..8', schema: Cell });
 *   return { content: [{ type: 'text', text: String(parsed.cell) }] };
 * }));
 */
import { randomBytes } from 'node:crypto';
import {
  createRequestStateCodec,
  inputRequired,
  inputResponse,
  isSpecType,
  PROTOCOL_VERSION_META_KEY,
  type InputRequest,
  type InputRequiredResult,
  type RequestStateCodec,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { RequestStateError } from '../errors/request-state-error.ts';
import { bindReplay, fingerprint, replayOf, RoundTripReplay, type PendingStep, type RecordedStep } from './round-trip-replay.ts';

export interface RoundTripsOptions {
  /**
   * The HMAC key that seals `requestState` (at least 32 bytes). Every process that may receive a
   * round of the same call needs the same key.
   * @default 32 random bytes made once per process (fine for stdio and a single HTTP process)
   */
  key?: string | Uint8Array;
  /** How long a round's `requestState` stays valid, in seconds (a human may answer an elicitation). @default 600 */
  ttlSeconds?: number;
}

/** What `requestState` carries between rounds. Signed, not encrypted: the client can read it. */
interface RoundState {
  v: 1;
  /** Fingerprint of the tool call's arguments: the state is refused for another call. */
  call: string;
  steps: RecordedStep[];
  pending: PendingStep[];
}

const firstModernRevision = '2026-07-28';

/** True when the request being handled was made on protocol revision 2026-07-28 or later. */
export function isModernRequest(ctx: Pick<ServerContext, 'mcpReq'>): boolean {
  const version = (ctx.mcpReq.envelope as Record<string, unknown> | undefined)?.[PROTOCOL_VERSION_META_KEY];
  return typeof version === 'string' && version >= firstModernRevision;
}

let processKey: Uint8Array | undefined;

const codecReasons: Record<string, RequestStateError['reason']> = { expired: 'expired' };

function isRoundState(value: unknown): value is RoundState {
  const state = value as RoundState | undefined;
  return typeof state === 'object' && state !== null && state.v === 1 && typeof state.call === 'string' && Array.isArray(state.steps) && Array.isArray(state.pending);
}

const expectedKind: Record<InputRequest['method'], string> = {
  'sampling/createMessage': 'sampling',
  'elicitation/create': 'elicit',
  'roots/list': 'roots',
};

/** The bare response for `step`, checked against the kind of request, or undefined (asked again). */
function responseFor(step: PendingStep, responses: Record<string, unknown> | undefined): unknown {
  const view = inputResponse(responses, step.k);
  if (view.kind !== expectedKind[step.m]) return undefined;
  if (view.kind === 'sampling') {
    const valid = isSpecType.CreateMessageResultWithTools(view.result) || isSpecType.CreateMessageResult(view.result);
    return valid ? view.result : undefined;
  }
  if (view.kind === 'elicit') return { action: view.action, ...(view.content ? { content: view.content } : {}) };
  if (view.kind === 'roots') return { roots: view.roots };
  return undefined;
}

export class RoundTrips {
  readonly #codec: RequestStateCodec<RoundState>;

  constructor(options: RoundTripsOptions = {}) {
    this.#codec = createRequestStateCodec<RoundState>({
      key: options.key ?? (processKey ??= randomBytes(32)),
      ttlSeconds: options.ttlSeconds ?? 600,
      bind: (ctx) => `${ctx.mcpReq.method}\0${ctx.http?.authInfo?.clientId ?? ''}`,
    });
  }

  /**
   * Checks an echoed `requestState`. As `ServerOptions.requestState.verify` (see `serverOptions`),
   * the SDK refuses a bad state before the handler runs, with JSON-RPC -32602.
   * @throws RequestStateError 'tampered' or 'expired'
   */
  readonly verify = async (state: string, ctx: ServerContext): Promise<RoundState> => {
    let decoded: unknown;
    try {
      decoded = await this.#codec.verify(state, ctx);
    } catch (error) {
      const reason = codecReasons[error instanceof Error ? error.message : ''] ?? 'tampered';
      throw new RequestStateError(
        reason === 'expired' ? 'The requestState has expired: start the tool call again.' : 'The requestState was not minted by this server for this request.',
        { reason, cause: error },
      );
    }
    if (!isRoundState(decoded)) throw new RequestStateError('The requestState does not hold round-trip state.', { reason: 'tampered' });
    return decoded;
  };

  /** Spread into the `McpServer`/`Server` options: bad state is refused at the SDK's seam (-32602). */
  get serverOptions(): { requestState: { verify: (state: string, ctx: ServerContext) => Promise<unknown> } } {
    return { requestState: { verify: this.verify } };
  }

  /** Wraps a tool callback (with or without an input schema) so it serves both eras; see the module doc. */
  tool<P extends [ctx: ServerContext] | [args: any, ctx: ServerContext], R>(
    handler: (...params: P) => R | Promise<R>,
  ): (...params: P) => Promise<R | InputRequiredResult>;
  tool(handler: (...params: never[]) => unknown): (...params: never[]) => Promise<unknown> {
    const run = handler as (...params: unknown[]) => unknown;
    return async (...params: unknown[]) => {
      const ctx = params.at(-1) as ServerContext;
      if (!isModernRequest(ctx)) return run(...params);
      const call = fingerprint(params.length > 1 ? (params[0] ?? null) : null);
      const steps = await this.#resume(ctx, call);
      const replay = new RoundTripReplay(steps);
      const unbind = bindReplay(ctx.mcpReq, replay);
      let result: unknown;
      try {
        result = await run(...params);
      } catch (error) {
        // A suspension (even one the author's code caught and rethrew as something else) ends the round.
        if (replay.pending.length === 0) throw error;
      } finally {
        unbind();
      }
      if (replay.pending.length === 0) return result;
      const state: RoundState = {
        v: 1,
        call,
        steps: [...replay.steps],
        pending: replay.pending.map((step) => ({ k: step.key, f: step.fingerprint, m: step.request.method })),
      };
      return inputRequired({
        inputRequests: Object.fromEntries(replay.pending.map((step) => [step.key, step.request])),
        requestState: await this.#codec.mint(state, ctx),
      });
    };
  }

  /** The responses recorded so far: earlier rounds' plus this retry's `inputResponses`, in request order. */
  async #resume(ctx: ServerContext, call: string): Promise<RecordedStep[]> {
    const raw: unknown = ctx.mcpReq.requestState();
    if (raw === undefined) return [];
    // A string is unverified (no SDK hook configured); an object was decoded by `verify` at the seam.
    const state = typeof raw === 'string' ? await this.verify(raw, ctx) : raw;
    if (!isRoundState(state)) throw new RequestStateError('The requestState does not hold round-trip state.', { reason: 'tampered' });
    if (state.call !== call) {
      throw new RequestStateError('The requestState belongs to a tool call with other arguments.', { reason: 'other-call' });
    }
    const steps = [...state.steps];
    for (const step of state.pending) {
      const response = responseFor(step, ctx.mcpReq.inputResponses);
      // A missing or malformed response is asked again: the replay reaches that request anew.
      if (response === undefined) break;
      steps.push({ f: step.f, r: response });
    }
    return steps;
  }
}

let defaultRoundTrips: RoundTrips | undefined;

/** `new RoundTrips().tool(handler)` with one shared per-process instance (random key, TTL 600 s). */
export const resumableTool: RoundTrips['tool'] = (handler) => {
  defaultRoundTrips ??= new RoundTrips();
  return defaultRoundTrips.tool(handler);
};

/**
 * A value computed once per tool call (a random draw, a timestamp): on 2026-07-28 inside a
 * `RoundTrips` tool it is recorded in `requestState` and replayed on later rounds, so the handler
 * stays deterministic; elsewhere `compute` simply runs. The value must survive JSON.
 */
export function replayedValue<T>(ctx: Pick<ServerContext, 'mcpReq'>, compute: () => T): T {
  const replay = replayOf(ctx.mcpReq);
  return replay ? replay.value(compute) : compute();
}
