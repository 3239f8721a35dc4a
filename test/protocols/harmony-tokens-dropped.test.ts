/**
 * Harmony output whose special tokens a detokenizer dropped (`analysis..assistantcommentary
 * to=functions.x json{..}assistantfinal..`): the recipient header still names the call. The call is
 * read, never dropped for the final message after it; the header counts only where one starts, and
 * not in a reply that kept some harmony tokens (that one lost a token it needed); a channel word glued
 * to the recipient (`to=functions.xcommentary`, the header's other order) is no part of the name
 * where the name without it is the offered tool. Written for reins.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDecision } from '../../src/index.ts';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { propertyRuns } from '../helpers/property-runs.ts';

const tools: ToolSpec[] = [
  { name: 'log_catch', inputSchema: { type: 'object', properties: { species: { type: 'string' }, weight: { type: 'number' } } } },
  { name: 'find_tide', inputSchema: { type: 'object', properties: { port: { type: 'string' } } } },
];
const read = (text: string) => parseDecision('native', text, { tools, maxActions: 3 });

describe('harmony headers with their tokens dropped', () => {
  it('reads the call between the reasoning and the final message', () => {
    const text = 'analysisThe angler wants it logged.assistantcommentary to=functions.log_catch json{"species": "pike", "weight": 4.2}assistantfinalLogged your pike.';
    expect(read(text)).toMatchObject({ success: true, decision: { action: 'call_tool', tool: 'log_catch', args: { species: 'pike', weight: 4.2 } } });
  });

  it('reads a header at the reply start, with or without its content type', () => {
    for (const text of ['to=functions.find_tide json{"port": "Brest"}', 'to=functions.find_tide {"port": "Brest"}', 'commentary to=functions.find_tide code{"port": "Brest"}']) {
      expect(read(text), text).toMatchObject({ success: true, decision: { action: 'call_tool', tool: 'find_tide', args: { port: 'Brest' } } });
    }
  });

  it('reads the recipient written before its channel, the channel word glued to the name', () => {
    expect(read('assistant to=functions.find_tidecommentary json{"port": "Brest"}')).toMatchObject({
      success: true,
      decision: { action: 'call_tool', tool: 'find_tide', args: { port: 'Brest' } },
    });
    expect(read('assistant to=functions.find_tidesanalysis json{"port": "Brest"}').success).toBe(false);
  });

  it('refuses a header inside a sentence, a cut-off one, and one beside harmony tokens', () => {
    for (const text of [
      'You could send to=functions.find_tide {"port": "Brest"} yourself.',
      'to=functions.find_tide json{"port": "Bre',
      '<|channel|>commentary to=functions.find_tide{"port": "Brest"}<|end|>',
    ]) {
      expect(read(text).success, text).toBe(false);
    }
  });

  it('still answers with the final message after reasoning that names no tool', () => {
    expect(read('analysisA tide question, sent to=nobody.assistantfinalHigh tide is at six.')).toMatchObject({
      success: true,
      decision: { action: 'answer_user', answer: 'High tide is at six.' },
    });
  });

  it('property: a call written before the final message is never answered with that message', () => {
    const sentence = fc.stringMatching(/^[A-Z][a-z ]{2,30}\.$/);
    fc.assert(
      fc.property(sentence, fc.stringMatching(/^[a-z]{2,12}$/), sentence, fc.constantFrom(' json', ' code', ' ', ''), (thought, port, final, type) => {
        const text = `analysis${thought}assistantcommentary to=functions.find_tide${type}${JSON.stringify({ port })}assistantfinal${final}`;
        expect(read(text)).toMatchObject({ success: true, decision: { action: 'call_tool', tool: 'find_tide', args: { port } } });
      }),
      { numRuns: propertyRuns(60) },
    );
  });
});
