/**
 * One streamed reply as it arrives: its text, native tool calls and finish details, with
 * `decision-delta` events for each text delta (and each typed thought a delta completes, for codecs
 * with `thoughtStream`). With `stopEarly`, the codec's completion check is asked after each delta
 * whether a decision may be complete, and `parse` is tried then; after a failed early parse the
 * next one waits until the text doubled, so a turn costs time linear in its length.
 *
 * A decision is taken early only when the text read so far cannot be the start of a longer reading
 * of the same call. The completion check knows the codec's own markup alone (a JSON object closing,
 * `</tool_code>`, a `FUNCTION_CALL:` line ending), and the codec's own dialect ends a decision where
 * that markup ends: a JSON value is closed, a line is over. A decision read in another dialect (a
 * drifted tag call: `<write_file>..</write_file>`, Qwen3-Coder `<parameter=..>`, GLM, YAML in a
 * tool-name tag) may end at a later closing tag, because its value may hold its own closing tag
 * (`tag-calls.ts`); the check fired inside that value (a `}` in it, say), so such an early reading
 * is dropped and the reply is read to the end of the stream and parsed whole, as `generate` would.
 * Early checks then stop: the turn costs one more parse, and stays linear.
 *
 * Once a valid decision of the codec's own dialect is read, the reply is read on only while
 * whitespace follows it: the first other text after the decision (a second call the model began, an
 * invented observation) ends the reading. The turn then keeps the text up to the end of the decision
 * (well-formed, never cut mid-tag) and is marked `cutAfterDecision`, so the model is told the rest
 * was not read.
 */
import type { Codec, ParseOptions, ParseResult } from '../protocols/codec.ts';
import type { FinishReason, ModelRequest, ModelStreamPart, ModelToolCall, Usage } from '../spec/model.ts';
import { estimateUsage } from './estimate-usage.ts';
import type { RawTurn } from './raw-turn.ts';
import type { RunContext } from './run-state.ts';

type Success = Extract<ParseResult, { success: true }>;

export class StreamedReply {
  text = '';
  readonly toolCalls: ModelToolCall[] = [];
  usage: Usage | undefined;
  modelId: string;
  finishReason: FinishReason | undefined;
  /** The provider's id of the response, when its finish part gave one. */
  responseId: string | undefined;
  /** The decision read early, if any. */
  parsed: Success | undefined;
  /** Set when reading stopped at text the model wrote after its decision. */
  cutAfterDecision = false;
  readonly #context: Pick<RunContext, 'codec' | 'emit' | 'model'>;
  readonly #parseOptions: ParseOptions;
  /** Undefined when the turn is read to its end (more actions allowed, or a decision in another dialect read). */
  #check: ReturnType<Codec['completionCheck']> | undefined;
  readonly #thoughts: ReturnType<NonNullable<Codec['thoughtStream']>> | undefined;
  #parseFrom = 0;
  /** Where the early decision's text ends. */
  #decisionEnd = 0;

  constructor(context: Pick<RunContext, 'codec' | 'emit' | 'model'>, parseOptions: ParseOptions, stopEarly: boolean) {
    this.#context = context;
    this.#parseOptions = parseOptions;
    this.modelId = context.model.modelId;
    this.#check = stopEarly ? context.codec.completionCheck() : undefined;
    this.#thoughts = context.codec.thoughtStream?.();
  }

  /** Takes one part in; true when reading must stop (the model writes on after its decision). */
  take(part: ModelStreamPart): boolean {
    if (part.type === 'tool-call') this.toolCalls.push(part.toolCall);
    else if (part.type === 'finish') {
      this.usage = part.usage;
      this.modelId = part.modelId ?? this.modelId;
      this.finishReason = part.finishReason;
      this.responseId = part.responseId;
    } else if (part.text !== '') return this.#takeText(part.text);
    return false;
  }

  #takeText(delta: string): boolean {
    const context = this.#context;
    this.text += delta;
    context.emit({ type: 'decision-delta', text: delta });
    for (const thought of this.#thoughts?.update(delta) ?? []) context.emit({ type: 'decision-delta', text: '', thought });
    if (this.parsed) return this.#writesOn();
    if (!this.#check?.push(delta) || this.text.length < this.#parseFrom) return false;
    const result = context.codec.parse(this.text, { ...this.#parseOptions, toolCalls: this.toolCalls });
    if (!result.success) {
      this.#parseFrom = 2 * this.text.length;
      return false;
    }
    if (result.dialect !== context.codec.name) {
      // The check fired inside a drifted call, whose end it does not know: read the whole reply.
      this.#check = undefined;
      return false;
    }
    this.parsed = result;
    this.#decisionEnd = lastCompletion(context.codec, this.text, delta);
    return this.#writesOn();
  }

  /** True once text other than whitespace follows the decision: the turn is cut at the decision's end. */
  #writesOn(): boolean {
    if (!/\S/.test(this.text.slice(this.#decisionEnd))) return false;
    this.text = this.text.slice(0, this.#decisionEnd);
    this.cutAfterDecision = true;
    return true;
  }

  /** The turn as read (`parsed` when the decision, read early or in the whole reply, is valid), with its remaining thoughts. */
  rawTurn(request: ModelRequest): RawTurn {
    const final = this.#finalParse();
    const turn: RawTurn = {
      text: this.text,
      toolCalls: this.toolCalls,
      usage: this.usage ?? estimateUsage(request, this.text),
      modelId: this.modelId,
      usageEstimated: this.usage === undefined,
    };
    if (this.finishReason) turn.finishReason = this.finishReason;
    if (this.responseId) turn.responseId = this.responseId;
    if (final.success) turn.parsed = final;
    if (this.cutAfterDecision) turn.cutAfterDecision = true;
    return turn;
  }

  /** The turn's final parse (the decision read early, or the whole reply) and its remaining thoughts. */
  #finalParse(): ParseResult {
    const final = this.parsed ?? this.#context.codec.parse(this.text, { ...this.#parseOptions, toolCalls: this.toolCalls });
    if (this.#thoughts && final.success) {
      for (const thought of this.#thoughts.remaining(final.thoughts)) this.#context.emit({ type: 'decision-delta', text: '', thought });
    }
    return final;
  }
}

/**
 * Where the last value the completion check sees close in `delta` (the end of `text`) ends: the
 * check is run again over the text, the last delta one character at a time. Once per turn.
 */
function lastCompletion(codec: Codec, text: string, delta: string): number {
  const check = codec.completionCheck();
  const before = text.length - delta.length;
  check.push(text.slice(0, before));
  let end = text.length;
  for (let index = 0; index < delta.length; index++) if (check.push(delta.charAt(index))) end = before + index + 1;
  return end;
}
