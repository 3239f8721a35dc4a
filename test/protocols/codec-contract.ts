/**
 * The contract every codec runs (STYLE 4): round trip `parse(render(d))` on generated decisions,
 * no throw and no invalid acceptance on random and mutated input, sanitized corrections, and
 * observations that cannot forge decisions.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Decision, Thought } from '../../src/spec/decision.ts';
import type { ModelToolCall } from '../../src/spec/model.ts';
import type { Codec, ParseResult } from '../../src/protocols/codec.ts';
import { validateDecision } from '../../src/protocols/validate-decision.ts';
import { contractTools, decisionArbitrary, type TextRules } from './contract-tools.ts';
import { expectObservationsInert } from './observation-contract.ts';
import { expectCorrectionsSanitized } from './correction-contract.ts';
import { propertyRuns } from '../helpers/property-runs.ts';

type Encode = (decisions: Decision[], thoughts: Thought[]) => { text: string; toolCalls?: ModelToolCall[] };

export interface CodecContractOptions {
  /** The fields this protocol carries: maps a decision to what a round trip can give back. */
  carried: (decision: Decision) => Decision;
  /** Strings the protocol's wire format can carry unambiguously. */
  rules?: TextRules;
  /** Largest number of decisions one turn carries (envelope: several). @default 1 */
  maxDecisions?: number;
  /** True when the protocol carries thoughts, so they are generated and compared. */
  carriesThoughts?: boolean;
  /** How decisions reach `parse` (native: tool calls). @default codec.render */
  encode?: Encode;
  /**
   * Random and mutated inputs parsed without a throw: 2x10^4 per codec (native runs the contract
   * twice, 10^4 each), 10^5 in all per `npm test`, each with a fresh seed; REINS_PROPERTY_SCALE
   * multiplies it (test/helpers/property-runs.ts). @default 20_000
   */
  fuzzRuns?: number;
  /** Round-trip runs. @default 1_000 */
  roundTripRuns?: number;
}

/** JSON-carrying protocols cannot tell -0 from 0; compare what JSON can hold. */
const asJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

function expectOnlyValidAcceptance(result: ParseResult): void {
  if (!result.success) {
    expect(result.error.name).toBe('Reins_InvalidDecisionError');
    return;
  }
  expect(result.decisions[0]).toBe(result.decision);
  for (const decision of result.decisions) expect(validateDecision(decision, contractTools).ok).toBe(true);
}

const garbage = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constantFrom('{', '}', '"', "'", '<tool_code>', '</tool_code>', '[TOOL_CALLS]', '|', '\n', '```', '<think>', 'FUNCTION_CALL:', '\u0000', '\uFEFF'),
);

function mutate(text: string, kind: number, position: number, insert: string): string {
  const at = Math.floor(position * (text.length + 1));
  switch (kind) {
    case 0:
      return text.slice(0, at);
    case 1:
      return text.slice(0, at) + insert + text.slice(at);
    case 2:
      return text.replace(/"/g, "'");
    case 3:
      return text.slice(0, at) + text.slice(at + insert.length);
    default:
      return text.replace(/'/g, '"').replace(/\{/g, '{ // note\n');
  }
}

export function runCodecContract(codec: Codec, options: CodecContractOptions): void {
  const tools = contractTools;
  const maxDecisions = options.maxDecisions ?? 1;
  const encode: Encode = options.encode ?? ((decisions, thoughts) => ({ text: codec.render({ decisions, thoughts, tools }) }));
  const thoughtArbitrary = options.carriesThoughts
    ? fc.array(fc.record({ type: fc.constantFrom('PLAN', 'OBSERVATION', 'GOAL', 'RISK'), content: fc.string({ maxLength: 30 }) }), { maxLength: 3 })
    : fc.constant([] as Thought[]);
  const turnArbitrary = fc.tuple(fc.array(decisionArbitrary(options.rules), { minLength: 1, maxLength: maxDecisions }), thoughtArbitrary);

  describe(`codec contract: ${codec.name}`, () => {
    it('parses back what it renders, on the fields the protocol carries', () => {
      fc.assert(
        fc.property(turnArbitrary, ([decisions, thoughts]) => {
          const { text, toolCalls } = encode(decisions, thoughts);
          const result = codec.parse(text, { tools, toolCalls, maxActions: maxDecisions });
          if (!result.success) throw new Error(`rejected ${JSON.stringify(text)}: ${result.error.message} ${result.error.details.join('; ')}`);
          expect(asJson(result.decisions)).toEqual(asJson(decisions.map(options.carried)));
          if (options.carriesThoughts) expect(result.thoughts).toEqual(thoughts);
        }),
        { numRuns: propertyRuns(options.roundTripRuns ?? 1_000) },
      );
    });

    it('never throws and never accepts an invalid decision, on random and mutated input', () => {
      const mutated = fc
        .tuple(turnArbitrary, fc.nat(4), fc.double({ min: 0, max: 1, noNaN: true }), garbage)
        .map(([[decisions, thoughts], kind, position, insert]) => mutate(encode(decisions, thoughts).text, kind, position, insert));
      const random = fc.string({ unit: fc.constantFrom('grapheme', 'binary', 'grapheme-ascii') as never, maxLength: 200 });
      fc.assert(
        fc.property(fc.oneof(mutated, random, garbage), (input) => {
          expectOnlyValidAcceptance(codec.parse(input, { tools }));
        }),
        { numRuns: propertyRuns(options.fuzzRuns ?? 20_000) },
      );
      // A fixed amount of work, not a speed check: with REINS_PROPERTY_SCALE above 1 it may run past
      // the suite's 30 s default, which would fail it for the wrong reason.
    }, 120_000);

    it('returns a failed result, never a throw, for input that is not a string', () => {
      const throwing = {
        toString(): string {
          throw new Error('toString exploded');
        },
      };
      const hostile: unknown[] = [throwing, Symbol('turn'), Object.create(null), undefined, null, 42, { text: 'hi' }];
      // Plain-text protocols may take the text of a value (`Symbol(turn)`, `42`) as the answer; none throws.
      for (const input of hostile) expectOnlyValidAcceptance(codec.parse(input as string, { tools }));
      const unread = codec.parse(throwing as unknown as string, { tools });
      expect(unread.success || [unread.error.message, unread.raw, (unread.error.cause as Error).message]).toEqual([
        'the output could not be read',
        '',
        'toString exploded',
      ]);
    });

    it('rejects more actions than allowed, with a precise message', () => {
      const call: Decision = { action: 'call_tool', tool: 'add', args: { a: 1, b: 2 }, reason: 'sum' };
      const { text, toolCalls } = encode([call, { action: 'answer_user', answer: 'done' }], []);
      const result = codec.parse(text, { tools, toolCalls, maxActions: 1 });
      expect(result.success).toBe(false);
      if (!result.success) {
        expect(result.error.kind).toBe('too-many-actions');
        expect(result.error.message).toBe('two actions given, one allowed');
      }
      const allowed = codec.parse(text, { tools, toolCalls, maxActions: 2 });
      expect(allowed.success && allowed.decisions.map((decision) => decision.action)).toEqual(['call_tool', 'answer_user']);
      // Without `maxActions`, parse allows what the codec allows a turn by default (`defaultMaxActions`, else 1).
      const byDefault = codec.parse(text, { tools, toolCalls });
      expect(byDefault.success).toBe((codec.defaultMaxActions ?? 1) >= 2);
    });

    it('says a streamed tool call may be complete only once it is, whatever the deltas', () => {
      const { text } = encode([{ action: 'call_tool', tool: 'add', args: { a: 1, b: 2 }, reason: '' }], []);
      const whole = `${text}\n`;
      for (const size of [1, 3, whole.length]) {
        const check = codec.completionCheck();
        const completeAt: number[] = [];
        for (let end = size; end < whole.length + size; end += size) {
          if (check.push(whole.slice(end - size, end))) completeAt.push(Math.min(end, whole.length));
        }
        if (codec.native) expect(completeAt).toEqual([]);
        else expect(completeAt[0]).toBeGreaterThanOrEqual(text.trimEnd().length);
      }
      expect(codec.completionCheck().push('')).toBe(false);
    });

    expectCorrectionsSanitized(codec, encode);
    expectObservationsInert(codec);
  });
}
