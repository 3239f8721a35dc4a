/**
 * Call formats of coding assistants and agent frameworks that read tool calls from plain model text:
 * Cline / Roo Code tool-named tags (untyped values), Continue's ```tool blocks (a bare name after the
 * fence), and a tool's name followed by its JSON arguments (Mistral with its special tokens dropped).
 * Written for reins; no harvested text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import type { ParseResult } from '../../src/protocols/codec.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const untyped: ToolSpec = { name: 'open_page', inputSchema: { type: 'object', properties: { url: {}, zoom: {}, meta: {} } } };
const typed: ToolSpec = {
  name: 'scan_dir',
  inputSchema: { type: 'object', properties: { dir: { type: 'string' }, depth: { type: 'integer' }, hidden: { type: 'boolean' } }, required: ['dir'] },
};
const lookup: ToolSpec = { name: 'lookup', inputSchema: { type: 'object', properties: { term: { type: 'string' }, limit: { type: 'integer' } }, required: ['term'] } };
const lookupAll: ToolSpec = { name: 'lookup_all', inputSchema: { type: 'object', properties: { term: { type: 'string' } }, required: ['term'] } };
const tools = [untyped, typed, lookup, lookupAll];

const calls = (result: ParseResult) => {
  if (!result.success) throw new Error(`${result.error.kind}: ${result.error.message}`);
  return result.decisions.map((decision) => (decision.action === 'call_tool' ? { tool: decision.tool, args: decision.args } : { answer: decision.action }));
};

describe('tool-named tags (Cline, Roo Code)', () => {
  it('keep the text of a value whose property declares no type, as Cline and Roo Code do', () => {
    const text = '<open_page>\n<url>https://example.org</url>\n<zoom>125</zoom>\n<meta>{"lang": "nb"}</meta>\n</open_page>';
    expect(calls(parseDecision('native', text, { tools }))).toEqual([{ tool: 'open_page', args: { url: 'https://example.org', zoom: '125', meta: '{"lang": "nb"}' } }]);
  });

  it('still type a value by the type its property declares', () => {
    const text = '<scan_dir><dir>lib</dir><depth>3</depth><hidden>false</hidden></scan_dir>';
    expect(calls(parseDecision('native', text, { tools }))).toEqual([{ tool: 'scan_dir', args: { dir: 'lib', depth: 3, hidden: false } }]);
  });

  it('property: an untyped value is read back as exactly the text written', () => {
    const value = fc.oneof(fc.stringMatching(/^-?\d{1,6}(\.\d{1,3})?$/), fc.constantFrom('true', 'null', '[1, 2]', '{"a": 1}', 'plain words'));
    fc.assert(
      fc.property(value, (written) => {
        const result = parseDecision('native', `<open_page><zoom>${written}</zoom></open_page>`, { tools });
        expect(calls(result)).toEqual([{ tool: 'open_page', args: { zoom: written } }]);
      }),
      { numRuns: 200 },
    );
  });
});

describe("Continue's ```tool blocks", () => {
  it('read the name alone on the line after the fence, in any case of `tool`', () => {
    expect(calls(parseDecision('native', '```tool\nscan_dir\nBEGIN_ARG: dir\nsrc\nEND_ARG\n```', { tools }))).toEqual([{ tool: 'scan_dir', args: { dir: 'src' } }]);
    expect(calls(parseDecision('native', 'Listing it now.\n```Tool\nscan_dir\nBEGIN_ARG: dir\nsrc\nEND_ARG\n```', { tools }))).toEqual([{ tool: 'scan_dir', args: { dir: 'src' } }]);
  });

  it('a ```tool fence around the whole reply is a call block, not noise: a bare name there is a call', () => {
    expect(calls(parseDecision('native', '```tool\nopen_page\n```', { tools }))).toEqual([{ tool: 'open_page', args: {} }]);
  });

  it('a bare name in any other fence stays text', () => {
    const result = parseDecision('native', '```text\nscan_dir\n```', { tools });
    expect(result.success && result.decision.action).toBe('answer_user');
  });

  it('an empty name after `TOOL_NAME:` is no call', () => {
    const result = parseDecision('native', '```tool\nTOOL_NAME:\n```', { tools });
    expect(result.success && result.decision.action === 'call_tool').toBe(false);
  });
});

describe("a tool's name followed by its JSON arguments", () => {
  it('is a call when it is the whole reply, one or several', () => {
    expect(calls(parseDecision('native', 'lookup{"term": "fjord"}', { tools }))).toEqual([{ tool: 'lookup', args: { term: 'fjord' } }]);
    expect(calls(parseDecision('native', 'lookup {"term": "fjord", "limit": 2}\nlookup_all{"term": "skerry"}', { tools, maxActions: 2 }))).toEqual([
      { tool: 'lookup', args: { term: 'fjord', limit: 2 } },
      { tool: 'lookup_all', args: { term: 'skerry' } },
    ]);
  });

  it('beside a call in another dialect is a correction, never dropped; inside that call\'s value it is the value', () => {
    const beside = '<function=scan_dir>\n<parameter=dir>lib</parameter>\n</function>\nlookup{"term": "x"}';
    const result = parseDecision('native', beside, { tools, maxActions: 2 });
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.message).toContain('`lookup`');
    const inside = '<function=scan_dir>\n<parameter=dir>see lookup{"term": "x"}</parameter>\n</function>';
    expect(calls(parseDecision('native', inside, { tools }))).toEqual([{ tool: 'scan_dir', args: { dir: 'see lookup{"term": "x"}' } }]);
  });

  it('reads the longest offered name (`lookup_all`, not `lookup` followed by `_all`)', () => {
    expect(calls(parseDecision('native', 'lookup_all{"term": "tarn"}', { tools }))).toEqual([{ tool: 'lookup_all', args: { term: 'tarn' } }]);
  });

  it('is refused when cut off before its object closes', () => {
    const result = parseDecision('native', 'lookup{"term": "fjo', { tools });
    expect(result.success).toBe(false);
  });

  it('inside a sentence is no call: an attempt refused, never answered; in inline code it is talk about a call', () => {
    const result = parseDecision('native', 'Calling lookup{"term": "x"} now.', { tools });
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.message).toContain('`lookup`');
    const quoted = parseDecision('native', 'You could write `lookup{"term": "x"}` yourself.', { tools });
    expect(quoted.success && quoted.decision.action).toBe('answer_user');
  });

  it('property: a sequence of such calls reads back as the same calls, in order', () => {
    const term = fc.stringMatching(/^[a-z {}"\\[\]]{1,12}$/);
    const one = fc.record({ tool: fc.constantFrom('lookup', 'lookup_all'), term });
    const gap = fc.constantFrom('', ' ', '\n', '\n\n');
    fc.assert(
      fc.property(fc.array(one, { minLength: 1, maxLength: 3 }), gap, (written, between) => {
        const text = written.map((call) => `${call.tool}${JSON.stringify({ term: call.term })}`).join(between);
        const result = parseDecision('native', text, { tools, maxActions: written.length });
        expect(calls(result)).toEqual(written.map((call) => ({ tool: call.tool, args: { term: call.term } })));
      }),
      { numRuns: 300 },
    );
  });
});

describe("Continue's XML tool calls", () => {
  it('read <tool_call> with <name> and <args>, an untyped value as its text and a typed one by its type', () => {
    const text = 'Checking the folder.\n<tool_call>\n  <name>scan_dir</name>\n  <args>\n    <dir>docs</dir>\n    <depth>2</depth>\n  </args>\n</tool_call>';
    expect(calls(parseDecision('native', text, { tools }))).toEqual([{ tool: 'scan_dir', args: { dir: 'docs', depth: 2 } }]);
    expect(calls(parseDecision('native', '<tool_call><name>open_page</name><args><zoom>90</zoom></args></tool_call>', { tools }))).toEqual([{ tool: 'open_page', args: { zoom: '90' } }]);
  });

  it('read the same shape written <tool> .. <arguments> (its arguments element required), and refuse its wrappers mixed', () => {
    const text = 'On it.\n<tool>\n  <name>scan_dir</name>\n  <arguments>\n    <dir>src</dir>\n  </arguments>\n</tool>\n<tool><name>open_page</name><arguments></arguments></tool>';
    expect(calls(parseDecision('native', text, { tools, maxActions: 2 }))).toEqual([
      { tool: 'scan_dir', args: { dir: 'src' } },
      { tool: 'open_page', args: {} },
    ]);
    expect(parseDecision('native', '<tool><name>scan_dir</name><arguments><dir>src</dir></arguments></tool_call>', { tools }).success).toBe(false);
    expect(parseDecision('native', '<tool><name>scan_dir</name><args><dir>src</dir></arguments></tool>', { tools }).success).toBe(false);
    // Without its arguments element it is a tool's definition echoed, not a call.
    const echoed = parseDecision('native', 'Tools: <tool><name>open_page</name></tool>', { tools });
    expect(echoed.success && echoed.decision.action === 'call_tool').toBe(false);
  });

  it('read a call without <args> as a call without arguments', () => {
    expect(calls(parseDecision('native', '<tool_call>\n<name>open_page</name>\n</tool_call>', { tools }))).toEqual([{ tool: 'open_page', args: {} }]);
  });

  it('shown as code, a call is talk about a call: never run', () => {
    const shown = 'The format is:\n```\n<tool_call>\n<name>scan_dir</name>\n<args><dir>docs</dir></args>\n</tool_call>\n```\nThat is all.';
    const result = parseDecision('native', shown, { tools });
    expect(result.success && result.decision.action === 'call_tool').toBe(false);
  });

  it('refuse a call cut off, or holding text beside its arguments', () => {
    expect(parseDecision('native', '<tool_call>\n<name>scan_dir</name>\n<args>\n<dir>do', { tools }).success).toBe(false);
    expect(parseDecision('native', '<tool_call><name>scan_dir</name> also <args><dir>docs</dir></args></tool_call>', { tools }).success).toBe(false);
  });
});

describe('a tag value holding markup', () => {
  const note: ToolSpec = { name: 'save_note', inputSchema: { type: 'object', properties: { note: { type: 'string' }, tags: { type: 'string' } }, required: ['note'] } };

  it('a tool-named tag value may hold its own closing tag where only that reading accounts for the whole call', () => {
    const text = '<save_note><note>if (a </note> b)</note><tags>x</tags></save_note>';
    expect(calls(parseDecision('native', text, { tools: [note] }))).toEqual([{ tool: 'save_note', args: { note: 'if (a </note> b)', tags: 'x' } }]);
  });

  it('property: a tool-named tag call reads back as a call that renders to the same text (up to space between elements), or is refused', () => {
    // No line break at a value's edge: the newline pair around a value is the template's, dropped.
    const fragment = fc.constantFrom('a', ' ', 'b\nc', '</note>', '<tags>', '</tags>', '<note>', 'x');
    const value = fc.array(fragment, { maxLength: 6 }).map((parts) => parts.join(''));
    const render = (args: Record<string, unknown>) => `<save_note><note>${String(args.note)}</note><tags>${String(args.tags)}</tags></save_note>`;
    fc.assert(
      fc.property(value, value, (first, second) => {
        const text = render({ note: first, tags: second });
        const result = parseDecision('native', text, { tools: [note] });
        if (!result.success || result.decision.action !== 'call_tool') return;
        const args = result.decision.args;
        expect(Object.keys(args).sort()).toEqual(['note', 'tags']);
        // Space between two tags is formatting between elements, not part of a value.
        const tight = (written: string) => written.replace(/>\s+</g, '><');
        expect(tight(render(args))).toBe(tight(text));
      }),
      { numRuns: 500 },
    );
  });

  it('a DSML value holding an element whose closing tag never follows is read as written', () => {
    const run: ToolSpec = { name: 'run', inputSchema: { type: 'object', properties: { cmd: { type: 'string' }, secs: { type: 'integer' } } } };
    const text = '<｜DSML｜function_calls>\n<｜DSML｜invoke name="run">\n<｜DSML｜parameter name="cmd" string="true">echo "<br>" && ls</｜DSML｜parameter>\n<｜DSML｜parameter name="secs" string="false">5</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>';
    expect(calls(parseDecision('native', text, { tools: [run] }))).toEqual([{ tool: 'run', args: { cmd: 'echo "<br>" && ls', secs: 5 } }]);
    const plain = '<｜DSML｜tool_calls>\n<invoke name="run">\n<parameter name="cmd" string="true">cat <in</parameter>\n</invoke>\n</｜DSML｜tool_calls>';
    expect(calls(parseDecision('native', plain, { tools: [run] }))).toEqual([{ tool: 'run', args: { cmd: 'cat <in' } }]);
  });

  it('a value holding an opening parameter tag of its family is still corrected (it may be a parameter left open)', () => {
    const run: ToolSpec = { name: 'run', inputSchema: { type: 'object', properties: { cmd: { type: 'string' }, secs: { type: 'string' } } } };
    const text = '<minimax:tool_call>\n<invoke name="run">\n<parameter name="cmd">ls <parameter name="secs">5</parameter>\n</invoke>\n</minimax:tool_call>';
    expect(parseDecision('native', text, { tools: [run] }).success).toBe(false);
  });
});

describe("Continue's JSON values", () => {
  const edit: ToolSpec = { name: 'edit', inputSchema: { type: 'object', properties: { file: { type: 'string' }, blocks: {}, note: { type: 'string' } } } };
  const block = (value: string, key = 'blocks') => `\`\`\`tool\nTOOL_NAME: edit\nBEGIN_ARG: file\na.txt\nEND_ARG\nBEGIN_ARG: ${key}\n${value}\nEND_ARG\n\`\`\``;

  it('a list whose strings hold raw line breaks is that list, as Continue reads it', () => {
    expect(calls(parseDecision('native', block('[\n"old\nline",\n"new\nline"\n]'), { tools: [edit] }))).toEqual([{ tool: 'edit', args: { file: 'a.txt', blocks: ['old\nline', 'new\nline'] } }]);
  });

  it('a string property keeps the text as written', () => {
    expect(calls(parseDecision('native', block('["x\ny"]', 'note'), { tools: [edit] }))).toEqual([{ tool: 'edit', args: { file: 'a.txt', note: '["x\ny"]' } }]);
  });

  it('property: any list of strings written with raw line breaks reads back as that list', () => {
    const line = fc.stringMatching(/^[a-z {}[\]]{0,8}$/);
    const item = fc.array(line, { minLength: 1, maxLength: 3 }).map((lines) => lines.join('\n'));
    fc.assert(
      fc.property(fc.array(item, { minLength: 1, maxLength: 3 }), (items) => {
        const written = `[\n${items.map((value) => JSON.stringify(value).replace(/\\n/g, '\n')).join(',\n')}\n]`;
        expect(calls(parseDecision('native', block(written), { tools: [edit] }))).toEqual([{ tool: 'edit', args: { file: 'a.txt', blocks: items } }]);
      }),
      { numRuns: 300 },
    );
  });
});

describe('a GLM value left open', () => {
  it('ends at the first </tool_call>: a later call in another form is not swallowed into it', () => {
    const glmThenXml = '<tool_call>lookup\n<arg_key>term</arg_key>\n<arg_value>fjord</tool_call>\nAnd then:\n<tool_call>\n<name>lookup</name>\n<args><term>tarn</term></args>\n</tool_call>';
    // Read one call whose value holds the other, this was `fjord</tool_call>\nAnd then:..`; now refused.
    expect(parseDecision('native', glmThenXml, { tools }).success).toBe(false);
    const alone = parseDecision('native', '<tool_call>lookup\n<arg_key>term</arg_key>\n<arg_value>fjord</tool_call>', { tools });
    expect(calls(alone)).toEqual([{ tool: 'lookup', args: { term: 'fjord' } }]);
  });
});

describe('OpenHands-style function tags', () => {
  it('read space around `=` and the name in <function = name > and <parameter = key >', () => {
    const text = 'Reading it.\n<function = scan_dir >\n<parameter = dir >lib</parameter>\n<parameter=depth>2</parameter>\n</function>';
    expect(calls(parseDecision('native', text, { tools }))).toEqual([{ tool: 'scan_dir', args: { dir: 'lib', depth: 2 } }]);
  });

  it('refuse such a call cut off before </function> (a stop word ends the reply there): never run', () => {
    expect(parseDecision('native', '<function = scan_dir>\n<parameter = dir>lib</parameter>\n', { tools }).success).toBe(false);
  });
});

describe("Continue's argument ends", () => {
  it('a value holding a BEGIN_ARG line is corrected: its END_ARG was left out, or the line is text (two readings)', () => {
    const text = '```tool\nTOOL_NAME: scan_dir\nBEGIN_ARG: dir\nlib\nBEGIN_ARG: depth\n2\nEND_ARG\n```';
    const result = parseDecision('native', text, { tools });
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.message).toContain('BEGIN_ARG');
  });

  it('property: a value never swallows the next argument; each argument is read or the block refused', () => {
    const value = fc.stringMatching(/^[a-z ]{1,8}$/);
    fc.assert(
      fc.property(value, value, fc.boolean(), (dir, note, dropEnd) => {
        const first = `BEGIN_ARG: dir\n${dir}\n${dropEnd ? '' : 'END_ARG\n'}`;
        const text = `\`\`\`tool\nTOOL_NAME: open_page\n${first}BEGIN_ARG: url\n${note}\nEND_ARG\n\`\`\``;
        const result = parseDecision('native', text, { tools: [{ name: 'open_page', inputSchema: { type: 'object', properties: { dir: { type: 'string' }, url: { type: 'string' } } } }] });
        if (dropEnd) expect(result.success).toBe(false);
        else expect(calls(result)).toEqual([{ tool: 'open_page', args: { dir: dir.trim(), url: note.trim() } }]);
      }),
      { numRuns: 200 },
    );
  });
});
