/**
 * Seed 002 (ReAct with XML tags) through a real loop: the seed's own LLM turn (`execute_command`
 * `ls -la`), its `<observation>`, a tool error fed back as an observation, the "couldn't finish"
 * last turn at max iterations (on by default for xml), and the meal-planner session in xml over the
 * real meal-planner MCP server.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Decision, ToolSpec } from '../../src/spec/decision.ts';
import { MaxStepsError } from '../../src/errors/max-steps-error.ts';
import { createAgent } from '../../src/loop/create-agent.ts';
import { connectServers, type McpServers } from '../../src/mcp/index.ts';
import { ReplayModel } from '../../src/models/replay-model.ts';
import { ScriptedModel } from '../../src/testing/scripted-model.ts';
import { defineTool } from '../../src/tools/define-tool.ts';
import { demoServerCommand } from '../demo/demo-server-client.ts';
import { collect, ofType } from '../loop/helpers.ts';

const seed = JSON.parse(readFileSync(new URL('../fixtures/seeds/seed-002-react-xml.json', import.meta.url), 'utf8')) as {
  tool: ToolSpec & { inputSchema: Record<string, unknown> };
  llmTurn: string;
  expected: Decision;
  toolOutput: string;
  observation: string;
};

/** The seed's `Tool` trait: name, description, JSON-Schema parameters, execute. */
function executeCommand(execute: (command: string) => string) {
  return defineTool({
    name: seed.tool.name,
    description: seed.tool.description ?? '',
    input: seed.tool.inputSchema,
    execute: ({ command }) => execute(command as string),
  });
}

describe('seed 002: the xml turn through a real loop', () => {
  it('runs execute_command from the seed turn, sends the seed observation, and ends on a plain-text final answer', async () => {
    const model = new ScriptedModel([seed.llmTurn, 'The directory holds two entries.']);
    const { events, result } = await collect(
      createAgent({ model, protocol: 'xml', tools: [executeCommand(() => seed.toolOutput)] }).run('What is in the current directory?'),
    );
    expect(result).toMatchObject({ status: 'answered', answer: 'The directory holds two entries.' });
    // System prompt: the seed's template sections with the tool rendered as <tool> XML.
    expect(model.calls[0]?.system).toContain('<tool_definitions>');
    expect(model.calls[0]?.system).toContain('<name>execute_command</name>');
    // Thought -> ToolCall -> ToolOutput -> FinalResponse, as the seed's AgentEvent stream.
    const [decision] = ofType(events, 'decision');
    expect(decision?.decision).toEqual(seed.expected);
    expect(decision?.thoughts).toEqual([{ type: 'PLAN', content: 'I need to check the files in the current directory to answer the user.' }]);
    expect(ofType(events, 'tool-call')).toEqual([expect.objectContaining({ tool: 'execute_command', args: { command: 'ls -la' } })]);
    expect(ofType(events, 'tool-result')[0]?.observation).toBe(seed.observation);
    expect(model.calls[1]?.messages.at(-1)).toEqual({ role: 'user', content: seed.observation });
    expect(ofType(events, 'answer')).toEqual([expect.objectContaining({ answer: 'The directory holds two entries.' })]);
  });

  it('feeds a failing tool back as an observation so the model can retry', async () => {
    let calls = 0;
    const flaky = executeCommand((command) => {
      calls++;
      if (calls === 1) throw new Error(`permission denied: ${command}`);
      return seed.toolOutput;
    });
    const model = new ScriptedModel([seed.llmTurn, seed.llmTurn, 'Two entries.']);
    const { result } = await collect(createAgent({ model, protocol: 'xml', tools: [flaky] }).run('List the files'));
    expect(result.status).toBe('answered');
    expect(model.calls[1]?.messages.at(-1)?.content).toMatch(/^<observation tool="execute_command" status="error">[\s\S]*permission denied: ls -la/);
    expect(model.calls[2]?.messages.at(-1)?.content).toBe(seed.observation);
  });

  it('at max iterations, the last turn without tools gives a "couldn\'t finish" answer by default', async () => {
    const model = new ScriptedModel([seed.llmTurn, seed.llmTurn.replace('ls -la', 'ls -la /tmp'), 'I tried but could not finish: the listing is incomplete.']);
    const { result, events } = await collect(
      createAgent({ model, protocol: 'xml', maxSteps: 2, tools: [executeCommand(() => seed.toolOutput)] }).run('List everything'),
    );
    expect(result.status).toBe('failed');
    expect(MaxStepsError.isInstance(result.error)).toBe(true);
    expect(result).toMatchObject({ bestEffort: true, answer: 'I tried but could not finish: the listing is incomplete.' });
    expect(ofType(events, 'answer')).toEqual([expect.objectContaining({ bestEffort: true })]);
    expect(model.calls[2]?.messages.at(-1)?.content).toContain('No more tools can be called');
  });
});

describe('seed 002: the meal-planner session in xml over the real MCP server', () => {
  let servers: McpServers;
  beforeAll(async () => {
    servers = await connectServers({ mcpServers: { 'meal-planner': demoServerCommand('meal-planner') } });
    expect(servers.failures).toEqual([]);
  });
  afterAll(() => servers.close());

  it('one tool call per turn, a correction for the turn without <name>, and the menu as the final answer', async () => {
    const model = await ReplayModel.fromFile(new URL('../../examples/demo-recordings/meal-planner-xml.json', import.meta.url).pathname);
    const { events, result } = await collect(
      createAgent({ model, protocol: 'xml', tools: servers.toolbox }).run('suggest something for dinner which can be cooked quickly'),
    );
    expect(result.status).toBe('answered');
    expect(result.answer).toContain('Main: Aloo Matar (30 min, Easy)');
    expect(ofType(events, 'output-invalid')).toHaveLength(1);
    expect(ofType(events, 'tool-call').map((event) => event.tool)).toEqual([
      'check_calendar',
      'get_meal_history',
      'get_dishes_by_meal_type',
      'filter_dishes',
    ]);
    const filtered = ofType(events, 'tool-result').at(-1)?.observation ?? '';
    expect(filtered).toContain('Aloo Matar');
    expect(filtered).not.toContain('Dal Makhani');
  });
});
