/** How the CLI words a usage: reported details where given, "not reported", and "estimated" on reins' own count. */
import { describe, expect, it } from 'vitest';
import { tokensText } from '../../src/cli/render/trace.ts';

describe('tokensText', () => {
  it('says the provider reported nothing rather than showing zeros', () => {
    expect(tokensText({ inputTokens: 0, outputTokens: 0 })).toBe('tokens not reported');
  });

  it('shows reported figures with the cache and reasoning details the provider gave', () => {
    expect(tokensText({ inputTokens: 21, outputTokens: 10, cacheReadTokens: 0 })).toBe('tokens 21 in / 10 out');
    expect(tokensText({ inputTokens: 510, outputTokens: 68, cacheReadTokens: 380, cacheWriteTokens: 90, reasoningTokens: 12 })).toBe(
      'tokens 510 in (380 cached, 90 written to cache) / 68 out (12 reasoning)',
    );
  });

  it('never shows an estimated figure without the word', () => {
    expect(tokensText({ inputTokens: 1214, outputTokens: 20, estimated: true })).toBe('estimated tokens 1214 in / 20 out');
    expect(tokensText({ inputTokens: 0, outputTokens: 0, estimated: true })).toBe('estimated tokens 0 in / 0 out');
  });
});
