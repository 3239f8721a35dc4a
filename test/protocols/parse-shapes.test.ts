/**
 * The parse's cheaper shapes keep what they replace: the primary reader's context (one literal per
 * case) equals the field-by-field one, and a reply without any marker skips `stripReplyMarkers`
 * only where stripping would merely trim it.
 */
import { describe, expect, it } from 'vitest';
import { normalizeOutput } from '../../src/protocols/extract/normalize-output.ts';
import { replyMarkers } from '../../src/protocols/extract/reply-markers.ts';
import { holdsReplyMarker, stripReplyMarkers } from '../../src/protocols/extract/strip-reply-markers.ts';
import type { ParseOptions } from '../../src/protocols/codec.ts';
import { primaryContext } from '../../src/protocols/parse-turn.ts';
import type { ReaderContext } from '../../src/protocols/reading.ts';

describe('primaryContext', () => {
  /** The context as it was built before: optional fields added when the options hold them. */
  function slow(tools: ParseOptions['tools'], handlers: readonly string[], options: ParseOptions): ReaderContext {
    const context: ReaderContext = { tools, primary: true, handlers };
    if (options?.variables) context.variables = options.variables;
    if (options?.toolCalls !== undefined) context.toolCalls = options.toolCalls;
    return context;
  }

  it('equals the field-by-field context, keys in order, for every combination of options', () => {
    const tools: ParseOptions['tools'] = [];
    const handlers = ['script'];
    const variables = [undefined, { state: ['a'], results: 1, lastTools: [] }];
    const toolCalls = [undefined, [], [{ id: 'c', name: 't', arguments: {} }]];
    let checked = 0;
    for (const variable of variables) {
      for (const calls of toolCalls) {
        const options = { tools, variables: variable, toolCalls: calls } as ParseOptions;
        const context = primaryContext(tools, handlers, options);
        expect(context).toStrictEqual(slow(tools, handlers, options));
        expect(Object.keys(context)).toEqual(Object.keys(slow(tools, handlers, options)));
        checked++;
      }
    }
    expect(checked).toBe(6);
    expect(primaryContext(tools, handlers, undefined as unknown as ParseOptions)).toStrictEqual({ tools, primary: true, handlers });
  });
});

describe('replies without reply markers', () => {
  const samples = ['', '  done  ', '\n{"action": "answer_user", "answer": "hi"}\n', '```json\n{"a": 1}\n```', 'I think so.', '<tool_call>{"name": "x"}</tool_call>', '\uFEFFhello'];

  it('are only trimmed by stripReplyMarkers, which normalizeOutput then skips', () => {
    for (const text of samples) {
      expect(holdsReplyMarker(text)).toBe(false);
      expect(stripReplyMarkers(text)).toEqual({ text: text.trim(), reasoning: [] });
    }
  });

  it('holdsReplyMarker sees every marker, open and close, in any case, anywhere', () => {
    for (const marker of replyMarkers) {
      for (const written of [marker.open, marker.close, marker.open.toUpperCase(), `text ${marker.close} after`]) expect([written, holdsReplyMarker(written)]).toEqual([written, true]);
    }
  });

  it('normalize as before: with markers through stripReplyMarkers, without them trimmed', () => {
    expect(normalizeOutput('  done  ')).toEqual({ text: 'done', reasoning: [], unfenced: false });
    expect(normalizeOutput('<think>hmm</think> done')).toEqual({ text: 'done', reasoning: ['hmm'], unfenced: false });
    expect(normalizeOutput('```\nhi\n```')).toEqual({ text: 'hi', reasoning: [], unfenced: true, fencedText: '```\nhi\n```' });
    const first = normalizeOutput('done');
    first.reasoning.push('mine');
    expect(normalizeOutput('done').reasoning).toEqual([]);
  });
});
