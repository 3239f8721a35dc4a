/** URL-mode elicitation: the user is shown the URL and asked before it is opened; without a way to ask, it is declined. */
import { describe, expect, it } from 'vitest';
import { clientCapabilities } from '../../src/mcp/client-capabilities.ts';
import { createElicitationHandler } from '../../src/mcp/elicitation-handler.ts';
import type { UrlElicitationRequest } from '../../src/spec/user-channel.ts';

const request = { method: 'elicitation/create' as const, params: { mode: 'url' as const, message: 'Sign in to Example', url: 'https://example.com/login', elicitationId: 'e1' } };
const ctx = { mcpReq: { signal: new AbortController().signal } };

describe('URL elicitation', () => {
  it('asks the user with the URL shown and answers what the user chose', async () => {
    const shown: UrlElicitationRequest[] = [];
    const user = { ask: async () => '', elicit: async () => ({ action: 'cancel' as const }), openUrl: async (asked: UrlElicitationRequest) => (shown.push(asked), 'accept' as const) };
    const handler = createElicitationHandler('docs', { user });
    expect(await handler(request, ctx)).toEqual({ action: 'accept' });
    expect(shown).toEqual([{ message: 'Sign in to Example', url: 'https://example.com/login', serverName: 'docs' }]);
    expect(clientCapabilities({ user }).elicitation).toEqual({ form: { applyDefaults: true }, url: {} });
  });

  it('is declined, and not declared, when the user channel cannot ask about URLs', async () => {
    const user = { ask: async () => '', elicit: async () => ({ action: 'cancel' as const }) };
    expect(await createElicitationHandler('docs', { user })(request, ctx)).toEqual({ action: 'decline' });
    expect(clientCapabilities({ user }).elicitation).toEqual({ form: { applyDefaults: true } });
  });
});
