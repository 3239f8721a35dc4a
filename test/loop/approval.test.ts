import { describe, expect, it } from 'vitest';
import { ApprovalDeniedError } from '../../src/errors/approval-denied-error.ts';
import type { ApprovalVerdict } from '../../src/loop/agent-options.ts';
import { createAgent } from '../../src/loop/create-agent.ts';
import { defaultApproval } from '../../src/loop/policies.ts';
import type { ApprovalRequest } from '../../src/spec/user-channel.ts';
import { ScriptedModel } from '../../src/testing/scripted-model.ts';
import { defineTool } from '../../src/tools/define-tool.ts';
import { allProtocols, answer, call, collect, ofType, turn } from './helpers.ts';

let deleted: string[] = [];
const deleteFile = defineTool({
  name: 'delete_file',
  description: 'Deletes a file.',
  input: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
  annotations: { destructiveHint: true },
  execute: ({ path }) => {
    deleted.push(String(path));
    return 'deleted';
  },
});

describe.each(allProtocols)('approval over %s', (protocol) => {
  const script = () =>
    new ScriptedModel([turn(protocol, [call('delete_file', { path: '/tmp/a' })], [deleteFile.spec]), turn(protocol, [answer('done')])], {
      supportsTools: protocol === 'native',
    });

  it('asks the user for a destructive tool and runs it when approved', async () => {
    deleted = [];
    const requests: ApprovalRequest[] = [];
    const user = { ask: async () => '', approve: async (request: ApprovalRequest) => (requests.push(request), true) };
    const { events } = await collect(createAgent({ model: script(), tools: [deleteFile], protocol, user }).run('clean'));
    expect(requests.map((request) => [request.tool.name, request.args])).toEqual([['delete_file', { path: '/tmp/a' }]]);
    expect(ofType(events, 'approval-reply')[0]?.approved).toBe(true);
    expect(deleted).toEqual(['/tmp/a']);
    const order = events.map((event) => event.type).filter((type) => type.startsWith('approval') || type.startsWith('tool'));
    expect(order).toEqual(['tool-call', 'approval-request', 'approval-reply', 'tool-result']);
  });

  it('a denial is not run and the model is told', async () => {
    deleted = [];
    const model = script();
    const user = { ask: async () => '', approve: async () => false };
    const { events, result } = await collect(createAgent({ model, tools: [deleteFile], protocol, user }).run('clean'));
    expect(deleted).toEqual([]);
    expect(result.status).toBe('answered');
    const refusal = ofType(events, 'tool-error')[0];
    expect(ApprovalDeniedError.isInstance(refusal?.error)).toBe(true);
    expect((refusal?.error as ApprovalDeniedError).deniedBy).toBe('user');
    expect(model.calls[1]?.messages.at(-1)?.content).toContain('not run');
  });
});

describe('approval policy', () => {
  it('without an approve method the call is refused', async () => {
    deleted = [];
    const model = new ScriptedModel([JSON.stringify(call('delete_file', { path: '/x' })), JSON.stringify(answer('ok'))]);
    const { events } = await collect(createAgent({ model, tools: [deleteFile], protocol: 'json', user: () => 'hi' }).run('q'));
    expect(deleted).toEqual([]);
    expect((ofType(events, 'tool-error')[0]?.error as ApprovalDeniedError).deniedBy).toBe('no-approver');
  });

  it('a custom policy can deny or allow without asking', async () => {
    deleted = [];
    const model = new ScriptedModel([JSON.stringify(call('delete_file', { path: '/x' })), JSON.stringify(call('delete_file', { path: '/y' })), JSON.stringify(answer('ok'))]);
    const approval = (_tool: unknown, args: Record<string, unknown>): ApprovalVerdict => (args.path === '/y' ? 'allow' : 'deny');
    const { events } = await collect(createAgent({ model, tools: [deleteFile], protocol: 'json', approval }).run('q'));
    expect(deleted).toEqual(['/y']);
    expect(ofType(events, 'approval-request')).toHaveLength(0);
    expect((ofType(events, 'tool-error')[0]?.error as ApprovalDeniedError).deniedBy).toBe('policy');
  });

  it('the default follows MCP annotations and lets un-annotated local tools run', () => {
    const spec = (annotations?: Record<string, boolean>) => ({ name: 't', inputSchema: { type: 'object' }, ...(annotations ? { annotations } : {}) });
    expect(defaultApproval(spec())).toBe('allow');
    expect(defaultApproval(spec({}))).toBe('ask');
    expect(defaultApproval(spec({ readOnlyHint: true }))).toBe('allow');
    expect(defaultApproval(spec({ destructiveHint: false }))).toBe('allow');
    expect(defaultApproval(spec({ destructiveHint: true }))).toBe('ask');
    expect(defaultApproval(spec({ readOnlyHint: false }))).toBe('ask');
  });

  it('the default asks for an MCP tool without annotations (MCP defaults: possibly destructive)', () => {
    const mcpTool = { name: 'echo', inputSchema: { type: 'object' }, origin: { server: 'paged', name: 'echo' } };
    expect(defaultApproval(mcpTool)).toBe('ask');
    expect(defaultApproval({ ...mcpTool, annotations: { readOnlyHint: true } })).toBe('allow');
  });
});
