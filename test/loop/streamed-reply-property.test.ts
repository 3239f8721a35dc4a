/**
 * Property (issue 25): however a reply is cut into chunks, the streamed reading of a turn is the
 * whole-text reading of the text the turn keeps, and a reply that is one call (in the protocol's own
 * markup or drifted into a tag dialect, its values full of every dialect's closing markup) is kept
 * whole: the streamed decision is the decision `generate` reads, or both refuse.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StreamedReply } from '../../src/loop/streamed-reply.ts';
import type { ParseResult } from '../../src/protocols/codec.ts';
import { getCodec } from '../../src/protocols/index.ts';
import type { Model } from '../../src/spec/model.ts';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { propertyRuns } from '../helpers/property-runs.ts';

const tools: ToolSpec[] = [
  {
    name: 'write_file',
    inputSchema: { type: 'object', properties: { path: { type: 'string' }, content: { type: 'string' } }, required: ['path', 'content'], additionalProperties: false },
  },
];
const model = { provider: 'test', modelId: 'test' } as Model;
const protocolNames = ['json', 'envelope', 'xml', 'line'] as const;
type Protocol = (typeof protocolNames)[number];

/**
 * Closing markup of every family below and what fires each completion check (`}`, `</tool_code>`,
 * `</final_answer>`, a line end). Openings of the protocols' own decisions are left out: a reply
 * holding one is a reply with two decisions, which the whole-text reader itself may read either way.
 */
const fragments = [
  '</write_file>', '</content>', '</path>', '</parameter>', '</function>', '</tool_call>', '</arg_value>', '</arg_key>',
  '</invoke>', '</minimax:tool_call>', '</tool_code>', '</final_answer>', '</parameters>', '{', '}', '{y}', '{"y": 1}', '"}',
  '\n', '  ', 'x', 'see', ':', '|', '-', '#',
];
const value = fc.array(fc.constantFrom(...fragments), { maxLength: 8 }).map((parts) => parts.join(''));
const indent = (text: string) => text.split('\n').map((line) => `  ${line}`).join('\n');

/** One `write_file` call as each family writes it. */
const families: Record<string, (path: string, content: string) => string> = {
  'tool-name tags': (path, content) => `<write_file><path>${path}</path><content>${content}</content></write_file>`,
  'tool-name tag, YAML': (path, content) => `<write_file>\npath: ${path}\ncontent: |\n${indent(content)}\n</write_file>`,
  'Qwen3-Coder': (path, content) =>
    `<tool_call>\n<function=write_file>\n<parameter=path>\n${path}\n</parameter>\n<parameter=content>\n${content}\n</parameter>\n</function>\n</tool_call>`,
  GLM: (path, content) => `<tool_call>write_file\n<arg_key>path</arg_key>\n<arg_value>${path}</arg_value>\n<arg_key>content</arg_key>\n<arg_value>${content}</arg_value>\n</tool_call>`,
  'MiniMax invoke': (path, content) =>
    `<minimax:tool_call>\n<invoke name="write_file">\n<parameter name="path">${path}</parameter>\n<parameter name="content">${content}</parameter>\n</invoke>\n</minimax:tool_call>`,
};

/** The call in the protocol's own markup. A line value cannot hold a line break (the line ends the call): none is drawn there. */
function ownCall(protocol: Protocol, path: string, content: string): string {
  const args = protocol === 'line' ? { path: path.replaceAll('\n', ' '), content: content.replaceAll('\n', ' ') } : { path, content };
  return getCodec(protocol).render({ decisions: [{ action: 'call_tool', tool: 'write_file', args, reason: 'r' }], tools });
}

/** `text` streamed through a StreamedReply in the chunks `cuts` make (as the loop does with one action per turn). */
function stream(protocol: Protocol, text: string, cuts: number[]) {
  const reply = new StreamedReply({ codec: getCodec(protocol), emit: () => {}, model }, { tools }, true);
  let from = 0;
  for (const cut of [...cuts.sort((a, b) => a - b), text.length]) {
    if (reply.take({ type: 'text-delta', text: text.slice(from, cut) })) break;
    from = cut;
  }
  return { kept: reply.text, cut: reply.cutAfterDecision, parsed: reply.rawTurn({ messages: [] }).parsed };
}

const outcome = (result: ParseResult | undefined) => (result?.success ? result.decisions : 'refused');

const replies = fc.oneof(
  fc.record({ protocol: fc.constantFrom(...protocolNames), family: fc.constantFrom(...Object.keys(families)), path: value, content: value }).map(
    ({ protocol, family, path, content }) => ({ protocol, text: families[family]!(path, content) }),
  ),
  fc.record({ protocol: fc.constantFrom(...protocolNames), path: value, content: value }).map(({ protocol, path, content }) => ({ protocol, text: ownCall(protocol, path, content) })),
);
const chunked = replies.chain(({ protocol, text }) =>
  fc.record({ protocol: fc.constant(protocol), text: fc.constant(text), cuts: fc.array(fc.nat({ max: text.length }), { maxLength: 12 }) }),
);

describe('streamed turns read as generate does', () => {
  it('a reply of one call, in any chunks: kept whole, read as the whole text is', () => {
    fc.assert(
      fc.property(chunked, ({ protocol, text, cuts }) => {
        const streamed = stream(protocol, text, cuts);
        expect(streamed.cut).toBe(false);
        expect(streamed.kept).toBe(text);
        expect(outcome(streamed.parsed)).toEqual(outcome(getCodec(protocol).parse(text, { tools })));
      }),
      { numRuns: propertyRuns(1_500) },
    );
  });

  it('a call with text after it, in any chunks: the decision is the whole-text reading of the text kept', () => {
    const after = fc.constantFrom('\n<observation>{"ok": true}</observation>', ' </tool_code> more', '\nFUNCTION_CALL: write_file|b|c\n', ' {"action": "answer_user"}');
    fc.assert(
      fc.property(chunked, after, ({ protocol, text, cuts }, tail) => {
        const streamed = stream(protocol, text + tail, cuts);
        expect(outcome(streamed.parsed)).toEqual(outcome(getCodec(protocol).parse(streamed.kept, { tools })));
        if (!streamed.cut) expect(streamed.kept).toBe(text + tail);
      }),
      { numRuns: propertyRuns(1_500) },
    );
  });
});
