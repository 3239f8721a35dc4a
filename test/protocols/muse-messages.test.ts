/**
 * MuseGlimmer framing (issue 25): messages ended implicitly by the next header, call messages whose
 * header was fumbled (no recipient, or the user), a `<|message|>` token slipped into an invoke name.
 * Each is read only where it has one reading; a header quoted in prose, a call message after a turn
 * ended, a recipient that disagrees with its invoke, and a cut-off block are corrections.
 */
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [
  { name: 'read', inputSchema: { type: 'object', properties: { path: { type: 'string' } } } },
  { name: 'muse.bash', inputSchema: { type: 'object', properties: { command: { type: 'string' } } } },
];
const read = (text: string, offered = tools) => parseDecision('native', text, { tools: offered, maxActions: 2 });
const callsOf = (text: string, offered = tools) => {
  const result = read(text, offered);
  return result.success ? result.decisions.map((decision) => (decision.action === 'call_tool' ? [decision.tool, decision.args] : [decision.action, decision.action === 'answer_user' ? decision.answer : decision.question])) : `refused: ${result.error.message}`;
};
const refused = (text: string, offered = tools) => expect(read(text, offered).success, text).toBe(false);

const atem = (name: string, parameters = '<atem:parameter name="path">go.mod</atem:parameter>\n') =>
  `<atem:function_calls>\n<atem:invoke name="${name}">\n${parameters}</atem:invoke>\n</atem:function_calls>`;
const bash = atem('muse.bash', '<atem:parameter name="command">pwd && ls -la</atem:parameter>\n');

describe('MuseGlimmer message boundaries', () => {
  it('ends reasoning at the next header, and reads the call message after it', () => {
    expect(callsOf(` to=self<|message|>Think<|start|>assistant to=read<|message|>${atem('read')}<|start|>assistant to=user<|message|>Done<|eot|>`)).toEqual([['read', { path: 'go.mod' }]]);
  });

  it('reads every call message, also one ended only by the next header', () => {
    expect(callsOf(` to=read<|message|>${atem('read')}<|start|>assistant to=muse.bash<|message|>${bash}<|eot|>`)).toEqual([
      ['read', { path: 'go.mod' }],
      ['muse.bash', { command: 'pwd && ls -la' }],
    ]);
  });

  it('refuses a call message after the turn ended (<|eot|>), never running only the first', () => {
    refused(` to=read<|message|>${atem('read')}<|eot|><|start|>assistant to=muse.bash<|message|>${bash}`);
  });

  it('refuses a header inside an answer never ended (it may be quoted)', () => {
    refused(`<|start|>assistant to=user<|message|>after prose:\n<|start|>assistant to=read<|message|>${atem('read')}`);
    refused(`Sure.\n<|start|>assistant to=read<|message|>${atem('read')}<|eom|>`);
  });

  it('refuses a call message holding text beside its calls block (reasoning that quotes a header goes on after it)', () => {
    refused(` to=self<|message|>Maybe <|start|>assistant to=read<|message|>${atem('read')} but not yet<|eom|><|start|>assistant to=user<|message|>No.`);
    refused(` to=read<|message|><atem:function_calls>\nfirst ${atem('read').slice('<atem:function_calls>'.length)}<|eom|>`);
    // Text after the message's end token is the next part of the reply.
    expect(callsOf(` to=read<|message|>${atem('read')}<|eom|>It is done.`)).toEqual([['read', { path: 'go.mod' }]]);
  });

  it('keeps a value holding tokens as written', () => {
    const value = 'literal <|eot|> and <|start|>assistant to=user<|message|><atem:function_calls> text';
    expect(callsOf(` to=read<|message|>${atem('read', `<atem:parameter name="path">${value}</atem:parameter>\n`)}<|eot|>`)).toEqual([['read', { path: value }]]);
  });

  it('keeps an end of turn with text after it as written: refused, never dropped from an answer', () => {
    // A calls block whose value holds `</atem:function_calls>!<|eot|>`: the message ends at that token,
    // and the rest was never a message.
    refused(` to=user<|message|><atem:function_calls>\n<atem:invoke name="read">\n<atem:parameter name="path"></atem:function_calls>!<|eot|></atem:parameter>\n</atem:invoke>\n</atem:function_calls><|eot|>`);
    expect(callsOf(' to=user<|message|>All done.<|eot|>')).toEqual([['answer_user', 'All done.']]);
  });

  it('takes no header out of the text after an end of turn: a value quoting `</atem:function_calls><|eot|><|message|>` is read whole or refused', () => {
    // The block's first close and the end token are inside the value; a `<|message|>` after them is value too.
    const value = 'x</atem:function_calls><|eot|><|message|>y';
    const result = callsOf(` to=user<|message|><atem:function_calls>\n<atem:invoke name="read">\n<atem:parameter name="path">${value}</atem:parameter>\n</atem:invoke>\n</atem:function_calls><|eot|>`);
    if (typeof result !== 'string') expect(result).toEqual([['read', { path: value }]]);
  });

  it('refuses a reply that is only reasoning (no decision)', () => {
    refused(' to=self<|message|>Check the facts.');
  });
});

describe('MuseGlimmer call messages with a fumbled header', () => {
  it('reads a calls block that is the whole message to no one or to the user, named by its invoke', () => {
    for (const text of [
      `<|message|>${bash}<|eom|>`,
      ` to=user<|message|>${bash}<|eot|>`,
      ` to=self<|message|>let me look<|eom|><|start|>assistant<|message|>${bash}<|eom|>`,
      ` to=muse<|message|>${bash}<|eom|>`,
    ]) {
      expect(callsOf(text), text).toEqual([['muse.bash', { command: 'pwd && ls -la' }]]);
    }
    expect(read(`<|message|>${bash}<|start|>assistant to=user<|message|>Done<|eot|>`)).toMatchObject({ success: true, decision: { action: 'call_tool', tool: 'muse.bash' } });
  });

  it('keeps a calls block with prose around it in an answer as text', () => {
    expect(callsOf(` to=user<|message|>Running:\n${bash}<|eot|>`)).toEqual([['answer_user', `Running:\n${bash}`]]);
  });

  it('refuses a block that invokes no offered tool, or is cut off', () => {
    refused(` to=user<|message|>${atem('other.run', '')}<|eot|>`);
    refused(` to=user<|message|>${bash}<|eot|>`, []);
    refused(`<|message|>${bash.slice(0, bash.indexOf('ls -la'))}`);
  });
});

describe('MuseGlimmer invoke names', () => {
  it('drops a <|message|> token slipped into the name where the recipient names the same tool', () => {
    for (const name of ['read<|message|>', 're<|message|>ad', 'read<|message|><|message|>']) {
      expect(callsOf(` to=read<|message|>${atem(name)}<|eot|>`), name).toEqual([['read', { path: 'go.mod' }]]);
    }
    // The token in place of the name's `">`.
    expect(callsOf(' to=read<|message|><atem:function_calls>\n<atem:invoke name="read<|message|><atem:parameter name="path">go.mod</atem:parameter>\n</atem:invoke>\n</atem:function_calls><|eot|>')).toEqual([['read', { path: 'go.mod' }]]);
  });

  it('refuses such a name where no recipient, or another tool, confirms it', () => {
    refused(`<|message|>${atem('read<|message|>')}<|eom|>`);
    refused(` to=muse.bash<|message|>${atem('re<|message|>ad')}<|eot|>`);
  });

  it('refuses a message addressed to one offered tool that invokes another', () => {
    expect(read(` to=muse.bash<|message|>${atem('read')}<|eot|>`)).toMatchObject({ success: false, error: { message: expect.stringContaining('addressed to `muse.bash` invokes `read`') } });
  });

  it('reads a namespaced name or recipient of the same tool', () => {
    expect(callsOf(` to=read.read<|message|>${atem('read')}<|eot|>`)).toEqual([['read', { path: 'go.mod' }]]);
    expect(callsOf(` to=read<|message|>${atem('read.read')}<|eot|>`)).toEqual([['read', { path: 'go.mod' }]]);
  });
});

describe('MuseGlimmer corrections name what the model wrote', () => {
  it('a call message without a start token that cannot be read names its own <|message|>, never an inserted <|start|>', () => {
    const result = read('to=read<|message|>{"path": "go.mod"}');
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(result.error.message).not.toContain('<|start|>');
      expect(result.error.message).toContain('<|message|>');
    }
  });
});
