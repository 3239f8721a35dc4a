/**
 * Seed 003 (JSON envelope v0.3), its own examples run through a real loop: send_response as output
 * (stacked, delivered as it comes), several actions per turn in order, content sources and
 * variables, `type` picking the handler, request_user_input's fields, status agreeing with actions.
 */
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StepFailedError } from '../../src/errors/step-failed-error.ts';
import { ModelReportedError } from '../../src/errors/model-reported-error.ts';
import { createAgent } from '../../src/loop/create-agent.ts';
import { envelope as envelopeProtocol } from '../../src/protocols/envelope/envelope-codec.ts';
import type { UserQuestion } from '../../src/spec/user-channel.ts';
import { renderTranscript } from '../../src/cli/render/transcript.ts';
import { SqliteStore } from '../../src/sessions/sqlite-store.ts';
import { ScriptedModel } from '../../src/testing/scripted-model.ts';
import { defineTool } from '../../src/tools/define-tool.ts';
import { addTool, collect, ofType } from '../loop/helpers.ts';

const webSearch = defineTool({
  name: 'web_search',
  description: 'Searches the web.',
  input: { type: 'object', properties: { query: { type: 'string' }, timeframe: { type: 'string' }, region: { type: 'string' } }, required: ['query'] },
  execute: ({ query }) => `3 articles about ${String(query)}`,
});
const broken = defineTool({
  name: 'broken',
  description: 'Always fails.',
  input: { type: 'object', properties: {} },
  execute: () => {
    throw new Error('backend down');
  },
});

type Action = Record<string, unknown>;
const envelope = (status: string, actions: Action[], extra: Record<string, unknown> = {}) =>
  JSON.stringify({ llm_output_schema_version: 'llm-json-output-draft-0.3', status, thoughts: [], actions, final_response: '', ...extra });
const say = (text: string, more: Record<string, unknown> = {}): Action => ({ action: 'send_response', type: 'output', params: { text }, ...more });
const final = (text: string) => envelope('SUCCESS_FINAL', [], { final_response: text });

/** The seed's three-action example: a tool with confidence and warnings, a clarification request, a response. */
const seedThreeActions = envelope('REQUIRES_ACTION', [
  {
    _comment: 'Object representing one action requested by the LLM.',
    action: 'web_search',
    type: 'tool',
    params: { query: 'AI healthcare news', timeframe: 'past_30_days' },
    confidence: 0.85,
    warnings: ["Parameter 'timeframe=past_30_days' is an interpretation of 'last month'; could be ambiguous."],
  },
  {
    action: 'request_user_input',
    type: 'workflow_control',
    params: { query_to_user: 'Which city are you interested in?', required_info: ['location (city name)'], context: 'User asked for weather forecast.' },
    confidence: 1.0,
    warnings: [],
  },
  { action: 'send_response', type: 'output', params: { text: 'Here is what I found: $(last.web_search)' }, confidence: 1.0, warnings: [] },
]);

describe('seed 003: send_response is output, not the end', () => {
  it('["Searching...", web_search] with REQUIRES_ACTION delivers the text, runs the search, and the run goes on', async () => {
    const model = new ScriptedModel([
      envelope('REQUIRES_ACTION', [say('Searching...'), { action: 'web_search', type: 'tool', params: { query: 'AI' } }]),
      final('Three articles.'),
    ]);
    const { events, result } = await collect(createAgent({ model, tools: [webSearch], protocol: 'envelope' }).run('news?'));
    expect(ofType(events, 'output').map((event) => event.text)).toEqual(['Searching...']);
    expect(ofType(events, 'tool-result').map((event) => event.tool)).toEqual(['web_search']);
    expect([result.status, result.answer]).toEqual(['answered', 'Three articles.']);
    const order = events.map((event) => event.type).filter((type) => type === 'output' || type === 'tool-call');
    expect(order).toEqual(['output', 'tool-call']);
    model.assertComplete();
  });

  it('two send_response actions with SUCCESS_FINAL stack into the answer, each delivered as it comes', async () => {
    const model = new ScriptedModel([envelope('SUCCESS_FINAL', [say('Part one.', { confidence: 0.9 }), say('Part two.', { confidence: 0.6 })])]);
    const { events, result } = await collect(createAgent({ model, protocol: 'envelope' }).run('q'));
    expect(ofType(events, 'output').map((event) => [event.text, event.index, event.confidence])).toEqual([
      ['Part one.', 0, 0.9],
      ['Part two.', 1, 0.6],
    ]);
    expect([result.status, result.answer, result.confidence]).toEqual(['answered', 'Part one.\n\nPart two.', 0.6]);
    expect(ofType(events, 'answer')[0]).toMatchObject({ answer: 'Part one.\n\nPart two.', delivered: true, confidence: 0.6 });
  });

  it('ends on empty actions with final_response, and on ERROR_INTERNAL after its cleanup actions', async () => {
    const failing = new ScriptedModel([envelope('ERROR_INTERNAL', [{ action: 'add', type: 'tool', params: { a: 1, b: 2 } }], { final_response: 'Pricing API down.' })]);
    const { events, result } = await collect(createAgent({ model: failing, tools: [addTool], protocol: 'envelope' }).run('q'));
    expect(ofType(events, 'tool-result').map((event) => event.tool)).toEqual(['add']);
    expect(ModelReportedError.isInstance(result.error) && result.error.message).toBe('Pricing API down.');
  });
});

describe('seed 003: several actions per turn, in order', () => {
  it("runs the seed's three-action example by default: tool, question (with required_info and context), response naming the result", async () => {
    const questions: UserQuestion[] = [];
    const model = new ScriptedModel([seedThreeActions, final('Done.')]);
    const agent = createAgent({ model, tools: [webSearch], protocol: 'envelope', user: (question) => (questions.push(question), 'Rome') });
    const { events, result } = await collect(agent.run('AI healthcare news and the weather'));
    expect(result.status).toBe('answered');
    const order = events.map((event) => event.type).filter((type) => ['tool-result', 'user-question', 'user-reply', 'output'].includes(type));
    expect(order).toEqual(['tool-result', 'user-question', 'user-reply', 'output']);
    expect(ofType(events, 'user-question')[0]).toMatchObject({ requiredInfo: ['location (city name)'], context: 'User asked for weather forecast.' });
    expect(questions[0]).toMatchObject({ question: 'Which city are you interested in?', requiredInfo: ['location (city name)'], context: 'User asked for weather forecast.' });
    expect(ofType(events, 'output')[0]?.text).toBe('Here is what I found: 3 articles about AI healthcare news');
    expect(ofType(events, 'decision')[0]?.actions?.[0]).toMatchObject({ type: 'tool', confidence: 0.85 });
  });

  it('a failing action stops the later ones, and the model is told which ran', async () => {
    const model = new ScriptedModel([
      envelope('REQUIRES_ACTION', [
        { action: 'add', type: 'tool', params: { a: 1, b: 2 } },
        { action: 'broken', type: 'tool', params: {} },
        { action: 'web_search', type: 'tool', params: { query: 'x' } },
        say('never shown'),
      ]),
      final('ok'),
    ]);
    const { events } = await collect(createAgent({ model, tools: [addTool, broken, webSearch], protocol: 'envelope' }).run('q'));
    expect(ofType(events, 'tool-call').map((event) => event.tool)).toEqual(['add', 'broken']);
    expect(ofType(events, 'output')).toEqual([]);
    const told = model.calls[1]?.messages.at(-1)?.content ?? '';
    expect(told).toContain('Action 2 (`broken`) failed, so the turn\'s later actions were not run: 3 (`web_search`), 4 (`send_response`).');
  });

  it('json stays one decision per turn (read whole, as generate does)', async () => {
    const two = '{"action":"call_tool","tool":"add","args":{"a":1,"b":2},"reason":""}\n{"action":"answer_user","answer":"3"}';
    const model = new ScriptedModel([two, '{"action":"answer_user","answer":"3"}']);
    const { events } = await collect(createAgent({ model, tools: [addTool], protocol: 'json', stream: false }).run('q'));
    expect(ofType(events, 'output-invalid')[0]?.kind).toBe('too-many-actions');
  });
});

describe('seed 003: content sources and variables', () => {
  let root: string;
  let outside: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'reins-seed3-'));
    outside = await mkdtemp(join(tmpdir(), 'reins-seed3-out-'));
    await writeFile(join(root, 'report.md'), '# Report\nAll good.');
    await writeFile(join(outside, 'secret.txt'), 'do not send');
    await symlink(join(outside, 'secret.txt'), join(root, 'link.txt'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
    await rm(outside, { recursive: true, force: true });
  });

  it('resolves $(state.x), $(steps.n.result) and $(last.tool); the observation shows the ref', async () => {
    const model = new ScriptedModel([
      envelope('REQUIRES_ACTION', [
        { action: 'add', type: 'tool', params: { a: 2, b: 3 } },
        say('For $(state.user): sum $(steps.1.result), again $(last.add), literal $$(x).'),
      ]),
      envelope('SUCCESS_FINAL', [{ action: 'send_response', type: 'output', params: { variable: '$(state.user)' } }]),
    ]);
    const agent = createAgent({ model, tools: [addTool], protocol: envelopeProtocol({ state: { user: 'Ada' } }) });
    const { events, result } = await collect(agent.run('q'));
    expect(ofType(events, 'output').map((event) => [event.text, event.source])).toEqual([
      ['For Ada: sum 5, again 5, literal $(x).', 'text'],
      ['Ada', 'variable'],
    ]);
    expect(result.answer).toBe('Ada');
    expect(ofType(events, 'tool-result')[0]?.observation).toContain('"ref":"steps.1"');
    expect(model.calls[0]?.system).toContain('state.user');
  });

  it('an unknown variable is a correction, never a literal $(...) sent to the user', async () => {
    const model = new ScriptedModel([envelope('SUCCESS_FINAL', [say('Hello $(state.name)')]), envelope('SUCCESS_FINAL', [say('Hello Ada')])]);
    const { events, result } = await collect(createAgent({ model, protocol: envelopeProtocol({ state: { user: 'Ada' } }) }).run('q'));
    const [invalid] = ofType(events, 'output-invalid');
    expect([invalid?.kind, invalid?.reason]).toEqual(['unknown-variable', 'unknown variable `$(state.name)`; state variables: state.user']);
    expect(ofType(events, 'output').map((event) => event.text)).toEqual(['Hello Ada']);
    expect(result.answer).toBe('Hello Ada');
  });

  it('file_path reads a file inside the roots (approved as a read tool); outside, or through a link out, it is refused', async () => {
    const seen: string[] = [];
    const model = new ScriptedModel([
      envelope('REQUIRES_ACTION', [{ action: 'send_response', type: 'output', params: { file_path: 'link.txt' } }]),
      envelope('REQUIRES_ACTION', [{ action: 'send_response', type: 'output', params: { file_path: join(outside, 'secret.txt') } }]),
      envelope('SUCCESS_FINAL', [{ action: 'send_response', type: 'output', params: { file_path: 'report.md' } }]),
    ]);
    const agent = createAgent({
      model,
      protocol: envelopeProtocol({ fileRoots: [root] }),
      approval: (tool, args) => (seen.push(`${tool.name}:${String(args.file_path)}:${String(tool.annotations?.readOnlyHint)}`), 'allow'),
    });
    const { events, result } = await collect(agent.run('q'));
    expect(ofType(events, 'output').map((event) => [event.text, event.source])).toEqual([['# Report\nAll good.', 'file_path']]);
    expect(result.answer).toBe('# Report\nAll good.');
    expect(seen).toEqual(['send_response:link.txt:true', `send_response:${join(outside, 'secret.txt')}:true`, 'send_response:report.md:true']);
    expect(model.calls[1]?.messages.at(-1)?.content).toContain('outside the allowed folders');
  });

  it('file_path is refused when the approval policy denies it, and when no roots are configured', async () => {
    const model = new ScriptedModel([
      envelope('REQUIRES_ACTION', [{ action: 'send_response', type: 'output', params: { file_path: 'report.md' } }]),
      final('gave up'),
    ]);
    const { events } = await collect(createAgent({ model, protocol: envelopeProtocol({ fileRoots: [root] }), approval: () => 'deny' }).run('q'));
    expect(ofType(events, 'output')).toEqual([]);
    expect(model.calls[1]?.messages.at(-1)?.content).toContain('Not delivered');
    const noRoots = new ScriptedModel([envelope('REQUIRES_ACTION', [{ action: 'send_response', type: 'output', params: { file_path: 'report.md' } }]), final('ok')]);
    await collect(createAgent({ model: noRoots, protocol: 'envelope' }).run('q'));
    expect(noRoots.calls[1]?.messages.at(-1)?.content).toContain('no folder is configured for file_path');
  });
});

describe('seed 003: type picks the handler', () => {
  it('script runs the caller-registered handler after approval; its result is observed', async () => {
    const calls: unknown[] = [];
    const model = new ScriptedModel([
      envelope('REQUIRES_ACTION', [{ action: 'bash', type: 'script', params: { command: 'ls -l' } }, say('Listed: $(last.bash)')]),
      final('done'),
    ]);
    const agent = createAgent({
      model,
      protocol: envelopeProtocol({ handlers: { script: ({ action, params }) => (calls.push([action, params]), 'a.txt b.txt') } }),
      user: { ask: async () => '', approve: async () => true },
    });
    const { events, result } = await collect(agent.run('q'));
    expect(calls).toEqual([['bash', { command: 'ls -l' }]]);
    expect(ofType(events, 'tool-call')[0]).toMatchObject({ tool: 'bash', handler: 'script' });
    expect(ofType(events, 'approval-request').map((event) => event.tool)).toEqual(['bash']);
    expect(ofType(events, 'output')[0]?.text).toBe('Listed: a.txt b.txt');
    expect(model.calls[0]?.system).toContain('types on offer: tool, output, workflow_control, script');
    expect(result.status).toBe('answered');
  });

  it('a handler needs approval: with nobody to approve it is refused and never runs', async () => {
    let ran = false;
    const model = new ScriptedModel([envelope('REQUIRES_ACTION', [{ action: 'fetch', type: 'http_request', params: { url: 'https://example.org' } }]), final('ok')]);
    const agent = createAgent({ model, protocol: envelopeProtocol({ handlers: { http_request: () => ((ran = true), 'page') } }) });
    const { events } = await collect(agent.run('q'));
    expect(ran).toBe(false);
    expect(ofType(events, 'tool-error')[0]?.error.name).toBe('Reins_ApprovalDeniedError');
  });

  it('an unregistered handler type or an unknown type is a correction naming the types on offer', async () => {
    const model = new ScriptedModel([
      envelope('REQUIRES_ACTION', [{ action: 'bash', type: 'script', params: {} }]),
      envelope('REQUIRES_ACTION', [{ action: 'response', type: 'default', params: { reply: 'x' } }]),
      final('ok'),
    ]);
    const { events } = await collect(createAgent({ model, protocol: 'envelope' }).run('q'));
    expect(ofType(events, 'output-invalid').map((event) => [event.kind, event.reason])).toEqual([
      ['unknown-action', 'no `script` handler is registered; types on offer: tool, output, workflow_control'],
      ['unknown-action', 'unknown action type `default`; types on offer: tool, output, workflow_control'],
    ]);
    expect(model.calls[0]?.system).toContain('types on offer: tool, output, workflow_control.');
  });

  it('fail_step ends the run failed with the model reason (StepFailedError), after the actions before it', async () => {
    const model = new ScriptedModel([
      envelope('REQUIRES_ACTION', [say('Trying...'), { action: 'fail_step', type: 'workflow_control', params: { reason: 'the document is encrypted' } }]),
    ]);
    const { events, result } = await collect(createAgent({ model, protocol: 'envelope', bestEffortAnswer: true }).run('q'));
    expect(result.status).toBe('failed');
    expect(StepFailedError.isInstance(result.error)).toBe(true);
    expect([(result.error as StepFailedError).reason, result.error?.name, result.answer]).toEqual(['the document is encrypted', 'Reins_StepFailedError', undefined]);
    expect(ofType(events, 'output').map((event) => event.text)).toEqual(['Trying...']);
  });

  it('skip_to is a clear correction that it is not offered', async () => {
    const model = new ScriptedModel([envelope('REQUIRES_ACTION', [{ action: 'skip_to', type: 'workflow_control', params: { step: 3 } }]), final('ok')]);
    const { events } = await collect(createAgent({ model, protocol: 'envelope' }).run('q'));
    expect(ofType(events, 'output-invalid')[0]?.reason).toBe('`skip_to` is not offered; workflow_control actions: request_user_input, fail_step');
  });
});

describe('seed 003: status agrees with actions', () => {
  it('SUCCESS_FINAL with a question is a correction', async () => {
    const question = { action: 'request_user_input', type: 'workflow_control', params: { query_to_user: 'More?' } };
    const model = new ScriptedModel([envelope('SUCCESS_FINAL', [say('3'), question]), final('3')]);
    const { events, result } = await collect(createAgent({ model, tools: [addTool], protocol: 'envelope' }).run('q'));
    expect(ofType(events, 'output-invalid')[0]?.kind).toBe('status-mismatch');
    expect(ofType(events, 'user-question')).toEqual([]);
    expect(result.answer).toBe('3');
  });
});

describe('seed 003: outputs and questions through the SQLite store and resume', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'reins-seed3-store-'));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('a run stopped at a question resumes without delivering outputs twice or re-running the tool; variables keep their numbers', async () => {
    const store = new SqliteStore({ path: join(folder, 'sessions.db') });
    const turn = envelope('REQUIRES_ACTION', [
      say('Searching...'),
      { action: 'add', type: 'tool', params: { a: 2, b: 3 } },
      { action: 'request_user_input', type: 'workflow_control', params: { query_to_user: 'Round it?', required_info: ['yes or no'], context: 'sum is 5' } },
      say('Sum $(steps.1.result) by $(last.add)'),
    ]);
    const adds: unknown[] = [];
    const counting = defineTool({
      name: 'add',
      description: 'Adds two integers.',
      input: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'] },
      execute: (args) => (adds.push(args), String(Number(args.a) + Number(args.b))),
    });
    const controller = new AbortController();
    const first = createAgent({ model: new ScriptedModel([turn]), tools: [counting], protocol: 'envelope', store, user: () => (controller.abort(), new Promise<string>(() => {})) });
    const stopped = first.run('sum', { signal: controller.signal });
    expect((await stopped.result).status).toBe('cancelled');

    const model = new ScriptedModel([envelope('SUCCESS_FINAL', [say('Rounded: 5')])]);
    const questions: UserQuestion[] = [];
    const second = createAgent({ model, tools: [counting], protocol: 'envelope', store, user: (question) => (questions.push(question), 'no') });
    const { events, result } = await collect(second.resume(stopped.runId));
    expect([result.status, result.answer]).toEqual(['answered', 'Rounded: 5']);
    expect(adds).toHaveLength(1);
    expect(ofType(events, 'output').map((event) => event.text)).toEqual(['Sum 5 by 5', 'Rounded: 5']);
    expect(questions[0]).toMatchObject({ question: 'Round it?', requiredInfo: ['yes or no'], context: 'sum is 5' });

    const stored = await store.loadRun(stopped.runId);
    const outputs = stored.records.filter((record) => record.type === 'output');
    expect(outputs.map((record) => record.type === 'output' && record.text)).toEqual(['Searching...', 'Sum 5 by 5', 'Rounded: 5']);
    expect(stored.records.find((record) => record.type === 'user-question')).toMatchObject({ requiredInfo: ['yes or no'], context: 'sum is 5' });
    const shown = renderTranscript(stored);
    expect(shown).toContain('output to the user: Searching...');
    expect(shown).toContain('needed: yes or no');
    await store.close();
  });
});
