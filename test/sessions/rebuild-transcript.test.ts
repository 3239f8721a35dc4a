import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/errors/config-error.ts';
import { interruptedCallMessage, rebuildTranscript } from '../../src/sessions/run-records/rebuild-transcript.ts';
import { recordFromEvent } from '../../src/sessions/run-records/record-from-event.ts';
import type { RecordInput, RunRecord } from '../../src/sessions/run-records/run-record.ts';
import { interruptedRunEvents } from './store-contract.ts';

const usage = { inputTokens: 1, outputTokens: 1 };
const tools = [{ name: 'execute_command', inputSchema: { type: 'object' } }];

function numbered(inputs: RecordInput[]): RunRecord[] {
  return inputs.map((input, index) => ({ ...input, runId: 'r', seq: index + 1, at: new Date(0).toISOString() }));
}

describe('recordFromEvent', () => {
  it('drops deltas and progress, renames tool events and stores errors as plain fields', () => {
    const records = interruptedRunEvents('r').map(recordFromEvent);
    expect(records.filter((record) => record === undefined)).toHaveLength(2);
    const failed = recordFromEvent({
      runId: 'r',
      step: 3,
      type: 'tool-error',
      callId: 'c9',
      tool: 'x',
      error: new ConfigError('no such file'),
      observation: 'Error: no such file',
    });
    expect(failed).toEqual({
      type: 'tool-call-end',
      step: 3,
      callId: 'c9',
      tool: 'x',
      outcome: 'error',
      error: { name: 'Reins_ConfigError', message: 'no such file', fault: 'user' },
      observation: 'Error: no such file',
    });
  });
});

describe('rebuildTranscript', () => {
  it('starts from the question when no model call was recorded', () => {
    const resume = rebuildTranscript(numbered([{ type: 'run-start', step: 0, question: 'hi?', protocol: 'json', tools }]));
    expect(resume.messages).toEqual([{ role: 'user', content: 'hi?' }]);
    expect(resume).toMatchObject({ question: 'hi?', protocol: 'json', interruptedCalls: [], lastStep: 0 });
    expect(resume.ended).toBeUndefined();
  });

  it('appends the reply, the correction and the observations that followed the last request', () => {
    const resume = rebuildTranscript(
      numbered([
        { type: 'run-start', step: 0, question: 'ls?', protocol: 'xml', tools },
        { type: 'model-request', step: 1, attempt: 1, system: 'S', messages: [{ role: 'user', content: 'ls?' }] },
        { type: 'model-response', step: 1, text: '<tool_code>oops', toolCalls: [], usage, modelId: 'm' },
        { type: 'output-invalid', step: 1, reason: 'bad', kind: 'invalid-json', attempt: 1, rawText: '<tool_code>oops', correction: 'Fix it.' },
        { type: 'model-request', step: 1, attempt: 2, system: 'S', messages: [{ role: 'user', content: 'ls?' }, { role: 'assistant', content: '<tool_code>oops' }, { role: 'user', content: 'Fix it.' }] },
        { type: 'model-response', step: 1, text: '<tool_code>ok</tool_code>', toolCalls: [], usage, modelId: 'm' },
        { type: 'tool-call-start', step: 1, callId: 'a', tool: 'execute_command', args: { command: 'ls' } },
        { type: 'tool-call-end', step: 1, callId: 'a', tool: 'execute_command', outcome: 'result', observation: '<observation>x</observation>' },
      ]),
    );
    expect(resume.system).toBe('S');
    expect(resume.messages.map((message) => message.content)).toEqual([
      'ls?',
      '<tool_code>oops',
      'Fix it.',
      '<tool_code>ok</tool_code>',
      '<observation>x</observation>',
    ]);
    expect(resume.messages.at(-1)!.role).toBe('user');
    expect(resume.interruptedCalls).toEqual([]);
    expect(resume.usage).toEqual({ inputTokens: 2, outputTokens: 2 });
  });

  it('answers native tool calls with tool messages and reports the unfinished one', () => {
    const resume = rebuildTranscript(
      numbered([
        { type: 'run-start', step: 0, question: 'q', protocol: 'native', tools },
        { type: 'model-request', step: 1, attempt: 1, system: 'S', messages: [{ role: 'user', content: 'q' }] },
        {
          type: 'model-response',
          step: 1,
          text: '',
          toolCalls: [
            { id: 'call_1', name: 'execute_command', arguments: { command: 'pwd' } },
            { id: 'call_2', name: 'execute_command', arguments: { command: 'ls' } },
          ],
          usage,
          modelId: 'm',
        },
        { type: 'tool-call-start', step: 1, callId: 'call_1', tool: 'execute_command', args: { command: 'pwd' } },
        { type: 'tool-call-end', step: 1, callId: 'call_1', tool: 'execute_command', outcome: 'error', observation: 'failed' },
        { type: 'tool-call-start', step: 1, callId: 'call_2', tool: 'execute_command', args: { command: 'ls' } },
        { type: 'run-resume', step: 1, interruptedCalls: [] },
      ]),
    );
    expect(resume.messages.at(-1)).toEqual({ role: 'tool', toolCallId: 'call_1', toolName: 'execute_command', content: 'failed', isError: true });
    expect(resume.interruptedCalls).toEqual([{ callId: 'call_2', tool: 'execute_command', args: { command: 'ls' }, step: 1 }]);
    expect(resume.unansweredToolCalls.map((call) => call.id)).toEqual(['call_2']);
    expect(interruptedCallMessage(resume.interruptedCalls[0]!)).toContain('execute_command was interrupted');
  });

  it('answers a text turn of several actions with one user message, as the loop does', () => {
    const resume = rebuildTranscript(
      numbered([
        { type: 'run-start', step: 0, question: 'q', protocol: 'envelope', tools },
        { type: 'model-response', step: 1, text: '{"actions":[..two..]}', toolCalls: [], usage, modelId: 'm' },
        { type: 'tool-call-start', step: 1, callId: 'a', tool: 'execute_command', args: { command: 'pwd' } },
        { type: 'tool-call-end', step: 1, callId: 'a', tool: 'execute_command', outcome: 'result', observation: 'first' },
        { type: 'tool-call-start', step: 1, callId: 'b', tool: 'execute_command', args: { command: 'ls' } },
        { type: 'tool-call-end', step: 1, callId: 'b', tool: 'execute_command', outcome: 'result', observation: 'second' },
      ]),
    );
    expect(resume.messages).toEqual([
      { role: 'user', content: 'q' },
      { role: 'assistant', content: '{"actions":[..two..]}' },
      { role: 'user', content: 'first\n\nsecond' },
    ]);
    expect(resume.unansweredToolCalls).toEqual([]);
  });

  it('reports a question still waiting for the human, and the reply once given', () => {
    const asked: RecordInput[] = [
      { type: 'run-start', step: 0, question: 'weather?', protocol: 'json', tools },
      { type: 'model-request', step: 1, attempt: 1, system: 'S', messages: [{ role: 'user', content: 'weather?' }] },
      { type: 'model-response', step: 1, text: '{"action":"ask_user"}', toolCalls: [], usage, modelId: 'm' },
      { type: 'user-question', step: 1, question: 'Which city?', why: 'needed' },
    ];
    expect(rebuildTranscript(numbered(asked)).pendingQuestion).toEqual({ question: 'Which city?', why: 'needed' });
    const replied = rebuildTranscript(numbered([...asked, { type: 'user-reply', step: 1, reply: 'Paris' }]), {
      renderUserReply: (reply) => `The user replied: ${reply}`,
    });
    expect(replied.pendingQuestion).toBeUndefined();
    expect(replied.messages.at(-1)).toEqual({ role: 'user', content: 'The user replied: Paris' });
  });

  it('says when the run already ended', () => {
    const resume = rebuildTranscript(
      numbered([
        { type: 'run-start', step: 0, question: 'q', protocol: 'line', tools },
        { type: 'answer', step: 1, answer: 'done' },
        { type: 'run-end', step: 1, status: 'answered', usage },
      ]),
    );
    expect(resume.ended).toBe('answered');
    expect(resume.lastStep).toBe(1);
  });
});
