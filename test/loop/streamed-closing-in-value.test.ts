/**
 * A streamed turn reads a call whose value holds the call's own closing tag as `generate` does
 * (issue 25: no silent misreads). In the tag dialects a value may hold its call's closing tag: the
 * whole-text reader ends the call at the last closing tag that leaves the rest well-formed. The
 * completion check of a text protocol fires inside such a value (a `}` for json and the envelope, a
 * `</tool_code>` for xml), where the text read so far already parses as the call with the value cut
 * short; that early reading must never run. Wherever the chunks happen to be cut.
 */
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../src/loop/create-agent.ts';
import { getCodec } from '../../src/protocols/index.ts';
import { ScriptedModel } from '../../src/testing/scripted-model.ts';
import { defineTool } from '../../src/tools/define-tool.ts';
import { answer, collect, ofType, turn } from './helpers.ts';

const written: unknown[] = [];
const writeFile = defineTool({
  name: 'write_file',
  description: 'Writes a file.',
  input: {
    type: 'object',
    properties: { path: { type: 'string' }, content: { type: 'string' } },
    required: ['path', 'content'],
    additionalProperties: false,
  },
  execute: (args) => {
    written.push(args);
    return 'written';
  },
});

/** What follows the closing tag inside the value: it fires the json, envelope and xml completion checks. */
const tail = ' {y} </tool_code> more';

/** One call per dialect family, its `content` holding the call's own closing markup and then `tail`. */
const families: Array<[string, string, string]> = [
  ['tool-name tags, elements', `<write_file><path>a.md</path><content>x </write_file>${tail}</content></write_file>`, `x </write_file>${tail}`],
  ['tool-name tag, YAML', `<write_file>\npath: a.md\ncontent: |\n  see </write_file>${tail}\n</write_file>`, `see </write_file>${tail}\n`],
  [
    'Qwen3-Coder',
    `<tool_call>\n<function=write_file>\n<parameter=path>\na.md\n</parameter>\n<parameter=content>\nx </parameter>\n</function>\n</tool_call>${tail}\n</parameter>\n</function>\n</tool_call>`,
    `x </parameter>\n</function>\n</tool_call>${tail}`,
  ],
  [
    'GLM',
    `<tool_call>write_file\n<arg_key>path</arg_key>\n<arg_value>a.md</arg_value>\n<arg_key>content</arg_key>\n<arg_value>x </arg_value>\n</tool_call>${tail}</arg_value>\n</tool_call>`,
    `x </arg_value>\n</tool_call>${tail}`,
  ],
  [
    'MiniMax invoke',
    `<minimax:tool_call>\n<invoke name="write_file">\n<parameter name="path">a.md</parameter>\n<parameter name="content">x </parameter>\n</invoke>\n</minimax:tool_call>${tail}</parameter>\n</invoke>\n</minimax:tool_call>`,
    `x </parameter>\n</invoke>\n</minimax:tool_call>${tail}`,
  ],
];

describe.each(['json', 'envelope', 'xml'] as const)('a value holding its own closing tag, streamed over %s', (protocol) => {
  describe.each(families)('%s', (_family, reply, content) => {
    it('is read whole without streaming (the oracle)', () => {
      const result = getCodec(protocol).parse(reply, { tools: [writeFile.spec] });
      expect(result.success && result.decisions).toEqual([{ action: 'call_tool', tool: 'write_file', args: { path: 'a.md', content }, reason: '' }]);
    });

    it.each([1, 2, 3, 7, reply.length])('runs with the whole value, streamed in chunks of %i', async (chunkSize) => {
      written.length = 0;
      const model = new ScriptedModel([reply, turn(protocol, [answer('done')])], { chunkSize });
      const { events, result } = await collect(createAgent({ model, tools: [writeFile], protocol }).run('write it'));
      expect(result.status).toBe('answered');
      expect(written).toEqual([{ path: 'a.md', content }]);
      expect(ofType(events, 'output-invalid')).toHaveLength(0);
      // The whole reply was read and kept, as `generate` keeps it; nothing was cut.
      expect(model.streams[0]?.completed).toBe(true);
      expect(result.transcript[1]).toEqual({ role: 'assistant', content: reply });
      expect(result.transcript[2]?.content).not.toMatch(/not read/);
    });
  });
});

const observation = '\n<observation>{"written": true}</observation>\nThe file is written.';

describe.each(['json', 'envelope', 'xml', 'line'] as const)('an invented observation after a decision, streamed over %s', (protocol) => {
  const decision = turn(protocol, [{ action: 'call_tool', tool: 'write_file', args: { path: 'a.md', content: 'x </tool_code> {y}' }, reason: 'asked' }], [writeFile.spec]) as string;

  it.each([1, 3, 7])('after a decision in the protocol itself: cut there, chunks of %i', async (chunkSize) => {
    written.length = 0;
    const model = new ScriptedModel([decision + observation, turn(protocol, [answer('done')])], { chunkSize });
    const { result } = await collect(createAgent({ model, tools: [writeFile], protocol }).run('write it'));
    expect(result.status).toBe('answered');
    expect(written).toEqual([{ path: 'a.md', content: 'x </tool_code> {y}' }]);
    expect(model.streams[0]?.completed).toBe(false);
    // A line ends with its newline; every other decision is kept exactly.
    expect(result.transcript[1]).toEqual({ role: 'assistant', content: protocol === 'line' ? `${decision}\n` : decision });
    expect(result.transcript[2]?.content).toMatch(/what you wrote after it was not read/);
  });

  it.each([1, 3, 7])('after a tag call, which a later closing tag could still extend: read whole, as unstreamed, chunks of %i', async (chunkSize) => {
    const reply = `<write_file><path>a.md</path><content>x {y}</content></write_file>${observation} </tool_code>`;
    const runs = [];
    for (const stream of [true, false]) {
      written.length = 0;
      const model = new ScriptedModel([reply, turn(protocol, [answer('done')])], { chunkSize });
      const { result } = await collect(createAgent({ model, tools: [writeFile], protocol, stream }).run('write it'));
      runs.push({ written: [...written], transcript: result.transcript.slice(1, 3), completed: model.streams[0]?.completed });
    }
    const [streamed, generated] = runs;
    expect(streamed?.completed).toBe(true);
    expect(streamed?.written).toEqual([{ path: 'a.md', content: 'x {y}' }]);
    expect(streamed?.written).toEqual(generated?.written);
    expect(streamed?.transcript).toEqual(generated?.transcript);
  });
});
