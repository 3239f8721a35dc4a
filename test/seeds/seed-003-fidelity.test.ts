/**
 * Seed 003 read closely (issue 27, "Seed fidelity"): `$(...)` variables filled wherever the docs say
 * (a final_response, a question, a reason, a tool's string params), `parseDecision` allowing the
 * seed's own three-action example, SUCCESS_FINAL with clean-up actions, ERROR_INTERNAL without a
 * reason, and a precise correction for REQUIRES_ACTION with no actions.
 */
import { describe, expect, it } from 'vitest';
import { ModelReportedError } from '../../src/errors/model-reported-error.ts';
import { createAgent } from '../../src/loop/create-agent.ts';
import { envelope } from '../../src/protocols/envelope/envelope-codec.ts';
import { parseDecision } from '../../src/protocols/parse-decision.ts';
import type { UserQuestion } from '../../src/spec/user-channel.ts';
import { ScriptedModel } from '../../src/testing/scripted-model.ts';
import { defineTool } from '../../src/tools/define-tool.ts';
import { addTool, collect, ofType } from '../loop/helpers.ts';

type Action = Record<string, unknown>;
const turn = (status: string, actions: Action[], finalResponse = '') => JSON.stringify({ status, thoughts: [], actions, final_response: finalResponse });
const say = (text: string): Action => ({ action: 'send_response', type: 'output', params: { text } });
const add = (a: number, b: number): Action => ({ action: 'add', type: 'tool', params: { a, b } });

describe('seed 003: $(...) variables are filled wherever the docs say', () => {
  it('fills final_response: `bye $(state.user)` reaches the user as `bye Ada`', async () => {
    const model = new ScriptedModel([turn('SUCCESS_FINAL', [], 'bye $(state.user)')]);
    const { result } = await collect(createAgent({ model, protocol: envelope({ state: { user: 'Ada' } }) }).run('q'));
    expect([result.status, result.answer]).toEqual(['answered', 'bye Ada']);
  });

  it('fills query_to_user and context of request_user_input, and a REQUIRES_CLARIFICATION final_response', async () => {
    const questions: UserQuestion[] = [];
    const model = new ScriptedModel([
      turn('REQUIRES_ACTION', [
        add(2, 3),
        { action: 'request_user_input', type: 'workflow_control', params: { query_to_user: 'Keep $(steps.1.result), $(state.user)?', context: 'sum was $(last.add)' } },
      ]),
      turn('REQUIRES_CLARIFICATION', [], 'Sure about $(last.add)?'),
      turn('SUCCESS_FINAL', [], 'ok'),
    ]);
    const agent = createAgent({ model, tools: [addTool], protocol: envelope({ state: { user: 'Ada' } }), user: (question) => (questions.push(question), 'yes') });
    const { events } = await collect(agent.run('q'));
    expect(questions.map((question) => [question.question, question.context])).toEqual([
      ['Keep 5, Ada?', 'sum was 5'],
      ['Sure about 5?', undefined],
    ]);
    expect(ofType(events, 'user-question')[0]).toMatchObject({ question: 'Keep 5, Ada?', why: 'sum was 5' });
  });

  it("fills a tool's string params (nested too) with results of earlier actions of the same turn; a shell's $(date) stays as written", async () => {
    const seen: unknown[] = [];
    const echo = defineTool({
      name: 'echo',
      description: 'Echoes its input.',
      input: { type: 'object', properties: { text: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } }, required: ['text'] },
      execute: (args) => (seen.push(args), 'echoed'),
    });
    const model = new ScriptedModel([
      turn('REQUIRES_ACTION', [add(2, 3), { action: 'echo', type: 'tool', params: { text: 'sum=$(steps.1.result) at $(date) for $(state.user)', tags: ['$(last.add)'] } }]),
      turn('SUCCESS_FINAL', [], 'done'),
    ]);
    const { events } = await collect(createAgent({ model, tools: [addTool, echo], protocol: envelope({ state: { user: 'Ada' } }) }).run('q'));
    expect(seen).toEqual([{ text: 'sum=5 at $(date) for Ada', tags: ['5'] }]);
    expect(ofType(events, 'tool-call')[1]?.args).toEqual({ text: 'sum=5 at $(date) for Ada', tags: ['5'] });
  });

  it('fills the reason of ERROR_INTERNAL', async () => {
    const model = new ScriptedModel([turn('ERROR_INTERNAL', [], 'cannot help $(state.user)')]);
    const { result } = await collect(createAgent({ model, protocol: envelope({ state: { user: 'Ada' } }) }).run('q'));
    expect(ModelReportedError.isInstance(result.error) && result.error.message).toBe('cannot help Ada');
  });

  it('an unknown variable in final_response is a correction, never a literal $(...) sent to the user', async () => {
    const model = new ScriptedModel([turn('SUCCESS_FINAL', [], 'bye $(state.name)'), turn('SUCCESS_FINAL', [], 'bye')]);
    const { events, result } = await collect(createAgent({ model, protocol: envelope({ state: { user: 'Ada' } }) }).run('q'));
    expect(ofType(events, 'output-invalid').map((event) => [event.kind, event.reason])).toEqual([
      ['unknown-variable', 'unknown variable `$(state.name)`; state variables: state.user'],
    ]);
    expect(result.answer).toBe('bye');
  });
});

describe('seed 003: parseDecision allows what the envelope allows', () => {
  it("reads the seed's own three-action example without maxActions", () => {
    const webSearch = { name: 'web_search', inputSchema: { type: 'object', properties: { query: { type: 'string' }, timeframe: { type: 'string' } } } };
    const text = turn('REQUIRES_ACTION', [
      { action: 'web_search', type: 'tool', params: { query: 'AI healthcare news', timeframe: 'past_30_days' }, confidence: 0.85, warnings: ['ambiguous'] },
      { action: 'request_user_input', type: 'workflow_control', params: { query_to_user: 'Which city?', required_info: ['location (city name)'], context: 'weather' } },
      { action: 'send_response', type: 'output', params: { text: 'Here is what I found: $(last.web_search)' } },
    ]);
    const parsed = parseDecision('envelope', text, { tools: [webSearch] });
    expect(parsed.success && parsed.decisions.map((decision) => decision.action)).toEqual(['call_tool', 'ask_user', 'answer_user']);
  });
});

describe('seed 003: how a turn ends', () => {
  it('SUCCESS_FINAL with a clean-up action runs it and answers, with no correction turn', async () => {
    const model = new ScriptedModel([turn('SUCCESS_FINAL', [say('The sum is 5.'), add(2, 3)])]);
    const { events, result } = await collect(createAgent({ model, tools: [addTool], protocol: 'envelope' }).run('q'));
    expect(ofType(events, 'output-invalid')).toEqual([]);
    expect(ofType(events, 'tool-result').map((event) => event.tool)).toEqual(['add']);
    expect([result.status, result.answer, result.steps]).toEqual(['answered', 'The sum is 5.', 1]);
    model.assertComplete();
  });

  it('SUCCESS_FINAL with only clean-up actions answers with final_response', async () => {
    const model = new ScriptedModel([turn('SUCCESS_FINAL', [add(2, 3)], 'Saved; the sum is $(steps.1.result).')]);
    const { events, result } = await collect(createAgent({ model, tools: [addTool], protocol: 'envelope' }).run('q'));
    expect(ofType(events, 'output-invalid')).toEqual([]);
    expect([result.status, result.answer]).toEqual(['answered', 'Saved; the sum is 5.']);
  });

  it('ERROR_INTERNAL with an empty final_response ends as the model reported failure, not a correction', async () => {
    const model = new ScriptedModel([turn('ERROR_INTERNAL', [], '')]);
    const { events, result } = await collect(createAgent({ model, protocol: 'envelope' }).run('q'));
    expect(ofType(events, 'output-invalid')).toEqual([]);
    expect(result.status).toBe('failed');
    expect(ModelReportedError.isInstance(result.error) && [result.error.status, result.error.message]).toEqual([
      'ERROR_INTERNAL',
      'The model reported ERROR_INTERNAL without a message.',
    ]);
    model.assertComplete();
  });

  it('the correction for REQUIRES_ACTION with no actions does not claim there is no final_response when there is one', async () => {
    const model = new ScriptedModel([turn('REQUIRES_ACTION', [], 'The answer is 4.'), turn('SUCCESS_FINAL', [], 'The answer is 4.')]);
    const { events } = await collect(createAgent({ model, protocol: 'envelope' }).run('q'));
    const [invalid] = ofType(events, 'output-invalid');
    expect(invalid?.kind).toBe('no-decision');
    expect(invalid?.reason).not.toContain('no final_response');
    expect(invalid?.reason).toBe('status REQUIRES_ACTION with no actions: give the actions to run, or answer with status SUCCESS_FINAL and the final_response');
  });
});
