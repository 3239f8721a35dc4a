/**
 * YAML inside a tool-name tag (`yaml-arguments.ts`), the format ai-sdk-tool-call-middleware's YAML-XML
 * protocol prompts for, and the tool-name tag forms read beside it (`tool-name-tags.ts`,
 * `tag-elements.ts`): each reading, the typing rule by schema, and the refusals of hostile or
 * ambiguous bodies. Written for reins; the example calls follow the peer's tests.
 */
import fc from 'fast-check';
import { parse, stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';
import { propertyRuns } from '../helpers/property-runs.ts';

const weather: ToolSpec = {
  name: 'get_weather',
  inputSchema: { type: 'object', properties: { location: { type: 'string' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } }, required: ['location'] },
};
const writeFile: ToolSpec = { name: 'write_file', inputSchema: { type: 'object', properties: { file_path: { type: 'string' }, contents: { type: 'string' } }, required: ['file_path', 'contents'] } };
const getLocation: ToolSpec = { name: 'get_location', inputSchema: { type: 'object' } };
const typed: ToolSpec = {
  name: 'configure',
  inputSchema: {
    type: 'object',
    properties: { name: { type: 'string' }, count: { type: 'integer' }, ratio: { type: 'number' }, flag: { type: 'boolean' }, free: {}, settings: { type: 'object' }, tags: { type: 'array', items: { type: 'string' } } },
    additionalProperties: false,
  },
};
const search: ToolSpec = { name: 'search', inputSchema: { type: 'object', properties: { query: { type: 'string' } } } };
const tools = [weather, writeFile, getLocation, typed, search];

const read = (text: string, maxActions = 1) => parseDecision('native', text, { tools, maxActions });
const calls = (text: string, maxActions = 1) => {
  const result = read(text, maxActions);
  if (!result.success) throw new Error(`refused: ${result.error.message}\n${text}`);
  return result.decisions.map((decision) => (decision.action === 'call_tool' ? { tool: decision.tool, args: decision.args } : decision));
};
const refusal = (text: string) => {
  const result = read(text, 2);
  expect(result.success, text).toBe(false);
  return result.success ? '' : result.error.message;
};

describe('YAML in a tool-name tag', () => {
  it('reads a mapping as the arguments, with prose around the call and indentation', () => {
    expect(calls('<get_weather>\nlocation: New York\nunit: celsius\n</get_weather>')).toEqual([{ tool: 'get_weather', args: { location: 'New York', unit: 'celsius' } }]);
    expect(calls('<get_weather>\n    location: Paris\n    unit: celsius\n</get_weather>')).toEqual([{ tool: 'get_weather', args: { location: 'Paris', unit: 'celsius' } }]);
    const result = read('Let me check the weather for you.\n<get_weather>\nlocation: Tokyo\n</get_weather>\nThe weather has been retrieved!');
    expect(result).toMatchObject({ success: true, decisions: [{ tool: 'get_weather', args: { location: 'Tokyo' }, reason: 'Let me check the weather for you.' }] });
  });

  it('reads block scalars as written, markup in them included, and never a tag inside one as a call', () => {
    expect(calls('<write_file>\nfile_path: /tmp/test.html\ncontents: |\n  <html>\n  <body>Hello</body>\n  </html>\n</write_file>')).toEqual([
      { tool: 'write_file', args: { file_path: '/tmp/test.html', contents: '<html>\n<body>Hello</body>\n</html>\n' } },
    ]);
    expect(calls('<write_file>\nfile_path: a.txt\ncontents: |-\n  The text contains <get_weather/> tag\n</write_file>')).toEqual([
      { tool: 'write_file', args: { file_path: 'a.txt', contents: 'The text contains <get_weather/> tag' } },
    ]);
  });

  it('reads a YAML body in a fence of its own', () => {
    expect(calls('<get_weather>\n```yaml\nlocation: Oslo\nunit: celsius\n```\n</get_weather>')).toEqual([{ tool: 'get_weather', args: { location: 'Oslo', unit: 'celsius' } }]);
  });

  it('reads several calls in a row, a call with no arguments among them', () => {
    expect(calls('<get_location/>\n<get_weather>\nlocation: Seoul\n</get_weather>', 2)).toEqual([
      { tool: 'get_location', args: {} },
      { tool: 'get_weather', args: { location: 'Seoul' } },
    ]);
    expect(calls('<write_file>\nfile_path: test.txt\ncontents: normal content\n</write_file>\n<get_weather>\nlocation: Seoul\n</get_weather>', 2)).toEqual([
      { tool: 'write_file', args: { file_path: 'test.txt', contents: 'normal content' } },
      { tool: 'get_weather', args: { location: 'Seoul' } },
    ]);
  });

  it('reads a value that holds the closing tag: the call ends where no closing tag is left after it', () => {
    expect(calls('<get_weather>\nlocation: </get_weather>\nunit: celsius\n</get_weather>')).toEqual([{ tool: 'get_weather', args: { location: '</get_weather>', unit: 'celsius' } }]);
  });

  it('types each value by its property schema, never by YAML implicit typing', () => {
    const text = '<configure>\nname: yes\ncount: 007\nratio: 1.10\nflag: true\nfree: 2024-01-01\n</configure>';
    expect(calls(text)).toEqual([{ tool: 'configure', args: { name: 'yes', count: 7, ratio: 1.1, flag: true, free: '2024-01-01' } }]);
    // A string property keeps what YAML would type; an untyped one reads JSON literals only.
    expect(calls('<configure>\nname: 1.10\nfree: ~\n</configure>')).toEqual([{ tool: 'configure', args: { name: '1.10', free: '~' } }]);
    expect(calls('<configure>\nfree: 42\n</configure>')).toEqual([{ tool: 'configure', args: { free: 42 } }]);
    // Quoted and block scalars are strings: the model wrote one.
    expect(refusal('<configure>\ncount: "10"\n</configure>')).toContain('invalid args');
    // `yes` is no boolean (servers disagree on it).
    expect(refusal('<configure>\nflag: yes\n</configure>')).toContain('invalid args');
  });

  it('reads nested mappings and lists by their sub-schemas, and flow collections as JSON', () => {
    expect(calls('<configure>\nsettings:\n  mode: fast\n  level: 3\ntags:\n  - red\n  - "blue green"\n</configure>')).toEqual([
      { tool: 'configure', args: { settings: { mode: 'fast', level: 3 }, tags: ['red', 'blue green'] } },
    ]);
    expect(calls('<configure>\nsettings: {"mode": "fast", "level": 3}\ntags: ["red"]\n</configure>')).toEqual([{ tool: 'configure', args: { settings: { mode: 'fast', level: 3 }, tags: ['red'] } }]);
  });

  it('refuses JSON in a flow collection that a repair could only guess, as JSON anywhere', () => {
    for (const damaged of ['{"mode": }', '{"mode": "fast", "level": }', '{"flag": TRUE}']) refusal(`<configure>\nsettings: ${damaged}\n</configure>`);
  });

  it('reads a tag left open at the end of its line and closed by a `/>` line', () => {
    expect(calls('<get_weather\nlocation: Seoul\nunit: celsius\n/>')).toEqual([{ tool: 'get_weather', args: { location: 'Seoul', unit: 'celsius' } }]);
    expect(refusal('<get_weather\nlocation: Seoul\nunit: celsius')).toContain('get_weather');
    // Only named arguments: a left-open tag's text is never a lone input.
    expect(refusal('<search\ntide times\n/>')).toContain('left open');
    refusal(`${'<search\n'.repeat(50)}/>`);
  });

  it('for a tool of one property: YAML too, never the body as its text when a key names something else', () => {
    expect(calls('<search>\nquery: tide times\n</search>')).toEqual([{ tool: 'search', args: { query: 'tide times' } }]);
    expect(refusal('<search>\nBrest: tide times\n</search>')).toContain('no argument `Brest`');
    expect(calls('<search>\ntide times in Brest: today\n</search>')).toEqual([{ tool: 'search', args: { query: 'tide times in Brest: today' } }]);
  });

  it('takes any name as a key where the schema takes other keys, never prose', () => {
    expect(calls('<get_location>\ncity: Seoul\n</get_location>')).toEqual([{ tool: 'get_location', args: { city: 'Seoul' } }]);
    refusal('<get_location>\ncity: Seoul\nthe best one: here\n</get_location>');
  });
});

describe('YAML in a tool-name tag: refused, never guessed', () => {
  it('refuses a body that is not a mapping, or not YAML, for a tool of several properties', () => {
    refusal('<get_weather>\n- just a list\n- not an object\n</get_weather>');
    refusal('<get_weather>\n[invalid: yaml: syntax:\n</get_weather>');
    refusal('<get_weather>\nSeoul in celsius\n</get_weather>');
  });

  it('refuses keys the tool does not declare, naming the arguments', () => {
    const result = read('<get_weather>\nlocation: Oslo\ncolour: red\n</get_weather>');
    expect(result).toMatchObject({ success: false, error: { kind: 'invalid-args', details: ['arguments: location, unit'] } });
    refusal('<get_weather>\nlocation: Oslo\n__proto__: x\n</get_weather>');
  });

  it('refuses anchors and aliases (an alias bomb never expands), tags, comments, directives and explicit keys', () => {
    const levels = Array.from({ length: 9 }, (_, index) => `l${index + 1}: &l${index + 1} [${Array(9).fill(`*l${index}`).join(', ')}]`);
    const bomb = `<get_location>\nl0: &l0 lol\n${levels.join('\n')}\n</get_location>`;
    expect(refusal(bomb)).toContain('anchor');
    expect(refusal('<get_weather>\nlocation: *here\n</get_weather>')).toContain('alias');
    expect(refusal('<get_weather>\nlocation: !!str Oslo\n</get_weather>')).toContain('tag');
    expect(refusal('<get_weather>\nlocation: see issue #12\n</get_weather>')).toContain('comment');
    refusal('<get_weather>\n%YAML 1.2\n---\nlocation: Oslo\n</get_weather>');
    refusal('<get_weather>\n? location\n: Oslo\n</get_weather>');
  });

  it('refuses a key given twice, several documents, tabs, and a plain value over several lines', () => {
    expect(refusal('<get_weather>\nlocation: Oslo\nlocation: Bergen\n</get_weather>')).toContain('given twice');
    expect(refusal('<configure>\nsettings:\n  mode: fast\n  mode: slow\n</configure>')).toContain('given twice');
    refusal('<get_weather>\nlocation: Oslo\n---\nunit: celsius\n</get_weather>');
    refusal('<get_weather>\n\tlocation: Oslo\n</get_weather>');
    expect(refusal('<get_weather>\nlocation: New\n  York\n</get_weather>')).toContain('block scalar');
  });

  it('refuses nesting deeper than values may go, and a cut-off call', () => {
    const deep = Array.from({ length: 70 }, (_, depth) => `${'  '.repeat(depth)}k:`).join('\n');
    expect(refusal(`<get_location>\n${deep} v\n</get_location>`)).toContain('nested more than');
    refusal('<get_weather>\nlocation: Seo');
  });

  it('reads back every string value the yaml library writes, or refuses; never another value', () => {
    const piece = fc.constantFrom('a', 'Z', ' ', '#', ':', ': ', ' #', '-', '*', '&', '!', '|', '>', '"', "'", '\n', '%', '@', '`', '{', '}', '[', ']', ',', '?', '~', '1', '.', '<', '/', '\\', 'é');
    const special = fc.constantFrom('yes', 'no', 'null', '~', '1.0', '1.10', '2024-01-01', '0x1F', '.inf', 'true', '</get_location>', '<get_location/>', '</ get_location>', '', ' lead', 'trail ', 'a\nb\n');
    const value = fc.oneof(fc.array(piece, { maxLength: 12 }).map((parts) => parts.join('')), special);
    let accepted = 0;
    fc.assert(
      fc.property(value, value, (location, unit) => {
        const args = { location, unit };
        const written = stringify(args, { lineWidth: 0 });
        // The writer's own slips left out: a string of blank lines written as a block scalar reads back without its spaces.
        fc.pre(JSON.stringify(parse(written)) === JSON.stringify(args));
        const text = `<get_location>\n${written}</get_location>`;
        const result = parseDecision('native', text, { tools: [{ name: 'get_location', inputSchema: { type: 'object', properties: { location: { type: 'string' }, unit: { type: 'string' } } } }] });
        if (!result.success) return;
        accepted += 1;
        expect(result.decisions, text).toEqual([{ action: 'call_tool', tool: 'get_location', args, reason: '' }]);
      }),
      { numRuns: propertyRuns(300) },
    );
    expect(accepted).toBeGreaterThan(propertyRuns(300) / 2);
  });
});

describe('tool-name tags: element forms', () => {
  const file: ToolSpec = { name: 'write_file', inputSchema: { type: 'object', properties: { file_path: { type: 'string' }, content: { type: 'string' }, encoding: { type: 'string' } } } };
  const numbers: ToolSpec = { name: 'nums', inputSchema: { type: 'object', properties: { data: { type: 'array', items: { type: 'number' } }, note: { type: 'string' } } } };
  const parse = (text: string, offered: ToolSpec[]) => parseDecision('native', text, { tools: offered });

  it('reads `<name/>` as the empty text, and its siblings', () => {
    const result = parse('<write_file><file_path>/tmp/empty.txt</file_path><content/><encoding>utf-8</encoding></write_file>', [file]);
    expect(result).toMatchObject({ success: true, decisions: [{ tool: 'write_file', args: { file_path: '/tmp/empty.txt', content: '', encoding: 'utf-8' } }] });
  });

  it('reads a closing tag that holds space', () => {
    const result = parse('<a><x>ok</x></ a>', [{ name: 'a', inputSchema: { type: 'object' } }]);
    expect(result).toMatchObject({ success: true, decisions: [{ tool: 'a', args: { x: 'ok' } }] });
  });

  it('reads elements in a value as a list where the schema takes one and no string, and keeps them as text otherwise', () => {
    const list = parse('<nums><data><item>1</item><item>2.5</item><item>1.23e3</item><item>-4.56E-2</item></data></nums>', [numbers]);
    expect(list).toMatchObject({ success: true, decisions: [{ tool: 'nums', args: { data: [1, 2.5, 1230, -0.0456] } }] });
    const text = parse('<nums><note><item>1</item></note></nums>', [numbers]);
    expect(text).toMatchObject({ success: true, decisions: [{ tool: 'nums', args: { note: '<item>1</item>' } }] });
    expect(parse('<nums><data><item>1</item><item>many</item></data></nums>', [numbers]).success).toBe(false);
  });

  it('reads a tag left open at the end of its line with elements, closed by a `/>` line', () => {
    const result = parse('<get_weather\n  <location>Seoul</location>\n  <unit>celsius</unit>\n/>', [weather]);
    expect(result).toMatchObject({ success: true, decisions: [{ tool: 'get_weather', args: { location: 'Seoul', unit: 'celsius' } }] });
  });

  it('reads a body that is wholly one JSON object, markup in its strings, and refuses text beside the object', () => {
    const result = parse('<write_file>{"content": "<b>bold</b>", "file_path": "a.html"}</write_file>', [file]);
    expect(result).toMatchObject({ success: true, decisions: [{ tool: 'write_file', args: { content: '<b>bold</b>', file_path: 'a.html' } }] });
    expect(parse('<write_file>{"content": "a"} and then more</write_file>', [file]).success).toBe(false);
    expect(parse('<write_file>{"content": "a"}<file_path>b</file_path></write_file>', [file]).success).toBe(false);
  });

  it('reads an element value that holds the call\'s closing tag', () => {
    const result = parse('<write_file><content>see </write_file> here</content><file_path>a</file_path></write_file>', [file]);
    expect(result).toMatchObject({ success: true, decisions: [{ tool: 'write_file', args: { content: 'see </write_file> here', file_path: 'a' } }] });
  });
});
