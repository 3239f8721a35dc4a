/**
 * Seed 003 (envelope v0.3) end to end over a real MCP server (`@modelcontextprotocol/server-everything`
 * over stdio): the seed's multi-action turns, send_response as output, stacked responses and variables
 * naming MCP results, a clarification request with its fields, and status agreement.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent, type UserQuestion } from '../../src/index.ts';
import { connectServers, type McpServers } from '../../src/mcp/index.ts';
import { ScriptedModel } from '../../src/testing/index.ts';
import { everything } from '../mcp/peers.ts';
import { collect, ofType } from '../loop/helpers.ts';

type Action = Record<string, unknown>;
const envelope = (status: string, actions: Action[], extra: Record<string, unknown> = {}) =>
  JSON.stringify({ status, thoughts: [{ type: 'PLAN', content: 'follow the seed' }], actions, final_response: '', ...extra });
const say = (text: string, more: Record<string, unknown> = {}): Action => ({ action: 'send_response', type: 'output', params: { text }, ...more });

let servers: McpServers;
beforeAll(async () => {
  servers = await connectServers({ mcpServers: { everything: everything() } });
});
afterAll(async () => {
  await servers?.close();
});

const agentWith = (model: ScriptedModel, user?: (question: UserQuestion) => string) =>
  createAgent({ model, tools: servers.toolbox, protocol: 'envelope', approval: () => 'allow', ...(user ? { user } : {}) });

describe('seed 003 over a real MCP server', () => {
  it('["Searching...", echo] goes on after the output; the final turn stacks responses naming the MCP results', async () => {
    const model = new ScriptedModel([
      envelope('REQUIRES_ACTION', [say('Searching...'), { action: 'echo', type: 'tool', params: { message: 'AI in healthcare' } }]),
      envelope('SUCCESS_FINAL', [say('Found: $(last.echo)', { confidence: 0.9 }), say('(step 1 said: $(steps.1.result))', { confidence: 0.7 })]),
    ]);
    const { events, result } = await collect(agentWith(model).run('latest AI in healthcare'));
    expect(ofType(events, 'tool-result').map((event) => event.tool)).toEqual(['echo']);
    const outputs = ofType(events, 'output').map((event) => event.text);
    expect(outputs[0]).toBe('Searching...');
    expect(outputs[1]).toContain('AI in healthcare');
    expect(result.status).toBe('answered');
    expect(result.answer).toBe(`${outputs[1]}\n\n${outputs[2]}`);
    expect(result.confidence).toBe(0.7);
    model.assertComplete();
  });

  it("the seed's three-action turn (tool with confidence and warnings, request_user_input, send_response) runs in order by default", async () => {
    const questions: UserQuestion[] = [];
    const model = new ScriptedModel([
      envelope('REQUIRES_ACTION', [
        { action: 'get-sum', type: 'tool', params: { a: 2, b: 40 }, confidence: 0.85, warnings: ['b is a guess'] },
        {
          action: 'request_user_input',
          type: 'workflow_control',
          params: { query_to_user: 'Which city are you interested in?', required_info: ['location (city name)'], context: 'User asked for weather forecast.' },
          confidence: 1.0,
          warnings: [],
        },
        say('The sum was $(last.get-sum)'),
      ]),
      envelope('SUCCESS_FINAL', [], { final_response: 'All done.' }),
    ]);
    const { events, result } = await collect(agentWith(model, (question) => (questions.push(question), 'Lyon')).run('sum and weather'));
    const order = events.map((event) => event.type).filter((type) => ['tool-result', 'user-question', 'output'].includes(type));
    expect(order).toEqual(['tool-result', 'user-question', 'output']);
    expect(questions).toEqual([
      { question: 'Which city are you interested in?', why: 'User asked for weather forecast.', requiredInfo: ['location (city name)'], context: 'User asked for weather forecast.' },
    ]);
    expect(ofType(events, 'output')[0]?.text).toContain('42');
    expect(ofType(events, 'decision')[0]?.actions?.[0]).toEqual({ type: 'tool', confidence: 0.85, warnings: ['b is a guess'] });
    expect([result.status, result.answer]).toEqual(['answered', 'All done.']);
  });

  it("SUCCESS_FINAL with an MCP tool action and no answer is corrected before the tool runs", async () => {
    const model = new ScriptedModel([
      envelope('SUCCESS_FINAL', [{ action: 'echo', type: 'tool', params: { message: 'x' } }]),
      envelope('SUCCESS_FINAL', [], { final_response: 'No call needed.' }),
    ]);
    const { events, result } = await collect(agentWith(model).run('q'));
    expect(ofType(events, 'output-invalid')[0]?.kind).toBe('no-decision');
    expect(ofType(events, 'tool-call')).toEqual([]);
    expect(result.answer).toBe('No call needed.');
  });
});
