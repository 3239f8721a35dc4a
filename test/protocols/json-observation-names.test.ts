/**
 * `jsonObservation` remembers the last tool name's sanitized form; every name, in any order, must
 * still read as `sanitizeName` gives it (the same name again, a different one, an unsafe one, one
 * that is not a string).
 */
import { describe, expect, it } from 'vitest';
import { jsonObservation } from '../../src/protocols/json-observation.ts';
import { sanitizeName } from '../../src/protocols/sanitize.ts';
import { seededRandom } from '../../src/testing/seeded-random.ts';

const names: unknown[] = ['add', 'add', 'web.search', 'bad name!', '', 'x'.repeat(80), '<tool_call>', 42, 'add', 'weird\u0000name'];

describe('jsonObservation tool names', () => {
  it('names each call as sanitizeName does, over random sequences of names', () => {
    const random = seededRandom(5);
    for (let step = 0; step < 500; step++) {
      const tool = names[Math.floor(random() * names.length)] as string;
      const observation = JSON.parse(jsonObservation({ content: [{ type: 'text', text: 'ok' }] }, { tool })) as { tool: string };
      expect(observation.tool).toBe(sanitizeName(tool));
    }
  });
});
