/** The usage attributes of a span: the GenAI names for what the provider reported, reins' own for estimates. */
import { describe, expect, it } from 'vitest';
import { usageAttributes } from '../../src/telemetry/span-attributes.ts';

describe('usageAttributes', () => {
  it('writes reported usage under the GenAI names, cache and reasoning details included', () => {
    expect(usageAttributes({ inputTokens: 510, outputTokens: 68, cacheReadTokens: 380, cacheWriteTokens: 90, reasoningTokens: 12 })).toEqual({
      'gen_ai.usage.input_tokens': 510,
      'gen_ai.usage.output_tokens': 68,
      'gen_ai.usage.cache_read.input_tokens': 380,
      'gen_ai.usage.cache_creation.input_tokens': 90,
      'gen_ai.usage.reasoning.output_tokens': 12,
    });
  });

  it('writes no detail the provider did not report', () => {
    expect(usageAttributes({ inputTokens: 21, outputTokens: 10 })).toEqual({ 'gen_ai.usage.input_tokens': 21, 'gen_ai.usage.output_tokens': 10 });
  });

  it('writes an estimate only under names that say so', () => {
    const attributes = usageAttributes({ inputTokens: 1214, outputTokens: 20, estimated: true });
    expect(attributes).toEqual({ 'reins.usage.estimated.input_tokens': 1214, 'reins.usage.estimated.output_tokens': 20 });
    expect(Object.keys(attributes).every((name) => name.includes('estimated'))).toBe(true);
  });
});
