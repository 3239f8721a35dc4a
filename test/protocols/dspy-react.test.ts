/**
 * DSPy's ReAct step (`next_thought`, `next_tool_name`, `next_tool_args`) in the layouts of its Chat,
 * JSON and XML adapters: read as the call it names, never answered as text with its field markers;
 * corrected where a field is missing, unknown, open or given twice, and where `finish` (DSPy's end of
 * the task) names no offered tool. Also JSON call attempts whose key or value quotes are damaged, or
 * whose tool is named under `action`: corrected, never answered.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const stringTool = (name: string, keys: string[]): ToolSpec => ({
  name,
  inputSchema: { type: 'object', properties: Object.fromEntries(keys.map((key) => [key, { type: 'string' }])), required: keys },
});
const tools = [stringTool('tide_table', ['port']), stringTool('send_note', ['to', 'body'])];
const parse = (text: string, offered: readonly ToolSpec[] = tools) => parseDecision('native', text, { tools: offered });

const chat = (fields: Record<string, string>) => `${Object.entries(fields).map(([name, value]) => `[[ ## ${name} ## ]]\n${value}`).join('\n\n')}\n\n[[ ## completed ## ]]`;
const xml = (fields: Record<string, string>) => Object.entries(fields).map(([name, value]) => `<${name}>\n${value}\n</${name}>`).join('\n');
const json = (fields: Record<string, unknown>) => JSON.stringify(fields, null, 2);

describe('DSPy ReAct steps', () => {
  const step = { next_thought: 'The harbour master wants the tides.', next_tool_name: 'tide_table', next_tool_args: '{"port": "Bergen"}' };
  it.each([
    ['ChatAdapter sections', chat(step)],
    ['ChatAdapter sections without the completed marker', chat(step).replace(/\n\n\[\[ ## completed ## \]\]$/, '')],
    ['ChatAdapter sections on adjacent lines', '[[ ## next_thought ## ]]\nThe harbour master wants the tides.\n[[ ## next_tool_name ## ]]\ntide_table\n[[ ## next_tool_args ## ]]\n{"port": "Bergen"}'],
    ['ChatAdapter values on the marker lines', '[[ ## next_thought ## ]] The harbour master wants the tides.\n[[ ## next_tool_name ## ]] tide_table\n[[ ## next_tool_args ## ]] {"port": "Bergen"}\n[[ ## completed ## ]]'],
    ['XMLAdapter elements', xml(step)],
    ['a JSONAdapter object', json({ ...step, next_tool_args: { port: 'Bergen' } })],
    ['a JSONAdapter object with the arguments as a JSON string', json(step)],
  ])('reads %s as the call, its thought the reason', (_label, text) => {
    const result = parse(text);
    expect(result.success && result.decision).toEqual({ action: 'call_tool', tool: 'tide_table', args: { port: 'Bergen' }, reason: 'The harbour master wants the tides.' });
    expect(result.success && result.thoughts).toEqual([{ type: 'PLAN', content: 'The harbour master wants the tides.' }]);
  });

  it.each([
    ['the arguments are missing', chat({ next_thought: 'Tides.', next_tool_name: 'tide_table' }), 'next_tool_args'],
    ['a field is no part of a step', chat({ next_thought: 'Tides.', next_tool_name: 'tide_table', next_tool_args: '{"port": "Oslo"}', answer: 'High at noon' }), 'answer'],
    ['a key is no part of a step', json({ next_tool_name: 'tide_table', next_tool_args: { port: 'Oslo' }, confidence: 'high' }), 'confidence'],
    ['an element is left open', '<next_tool_name>tide_table</next_tool_name>\n<next_tool_args>{"port": "Oslo"}', '<next_tool_args>'],
    ['the arguments are text', chat({ next_tool_name: 'tide_table', next_tool_args: 'Oslo, please' }), 'JSON object'],
    ['the arguments are cut off inside a value', chat({ next_tool_name: 'tide_table', next_tool_args: '{"port": "Os' }).replace(/\n\n\[\[ ## completed ## \]\]$/, ''), 'tide_table'],
    ['the JSONAdapter object never closes', '{"next_thought": "Tides.", "next_tool_name": "tide_table", "next_tool_args": {', 'cut off'],
    ['the JSONAdapter object never closes, its values whole', '{"next_tool_name": "tide_table", "next_tool_args": {"port": "Oslo"}', 'cut off'],
    ['the JSONAdapter object holds a guess', '{"next_tool_name": "tide_table", "next_tool_args": {"port": }}', 'could not be read'],
    ['the XMLAdapter arguments never close', '<next_tool_name>tide_table</next_tool_name><next_tool_args>{"port": "Oslo"</next_tool_args>', 'cut off'],
    ['two steps are given, in two layouts', `${chat(step)}\n${xml({ ...step, next_tool_args: '{"port": "Oslo"}' })}`, 'two steps'],
    ['a field is given twice', `${chat(step)}\n[[ ## next_tool_name ## ]]\nsend_note`, 'two steps'],
    ['finish names no offered tool', chat({ next_thought: 'I know it.', next_tool_name: 'finish', next_tool_args: '{}' }), 'plain text'],
  ])('corrects a step where %s', (_label, text, named) => {
    const result = parse(text);
    expect(result.success).toBe(false);
    expect(!result.success && result.error.message).toContain(named);
  });

  it('reads the text after ChatAdapter arguments as prose: plain prose stays, a special token is refused', () => {
    const args = chat({ next_tool_name: 'tide_table', next_tool_args: '{"port": "Oslo"}' }).replace(/\n\n\[\[ ## completed ## \]\]$/, '');
    expect(parse(`${args}\nThat should do it.`)).toMatchObject({ success: true, decision: { tool: 'tide_table', args: { port: 'Oslo' } } });
    const result = parse(`${args}\nThat should do it <|im_end|> and more`);
    expect(result.success).toBe(false);
    expect(!result.success && result.error.message).toContain('<|im_end|>');
  });

  it('property: a step cut anywhere after its tool name is never run and never answered with its fields', () => {
    const layouts = [
      (port: string) => chat({ next_thought: 'Tides.', next_tool_name: 'tide_table', next_tool_args: JSON.stringify({ port }) }).replace(/\n\n\[\[ ## completed ## \]\]$/, ''),
      (port: string) => json({ next_thought: 'Tides.', next_tool_name: 'tide_table', next_tool_args: { port } }),
      (port: string) => xml({ next_thought: 'Tides.', next_tool_name: 'tide_table', next_tool_args: JSON.stringify({ port }) }),
    ];
    fc.assert(
      fc.property(fc.constantFrom(...layouts), fc.stringMatching(/^[a-z]{3,10}$/), fc.nat(), (layout, port, at) => {
        const whole = layout(port);
        const from = whole.indexOf('tide_table') + 'tide_table'.length;
        const text = whole.slice(0, from + (at % (whole.length - from)));
        const result = parse(text);
        if (!result.success) return;
        expect(result.decision.action, text).toBe('answer_user');
        expect(result.decision.action === 'answer_user' && result.decision.answer, text).not.toContain('next_tool_name');
      }),
      { numRuns: 200 },
    );
  });

  it('runs `finish` where a tool of that name is offered', () => {
    const result = parse(json({ next_thought: 'Wrap up.', next_tool_name: 'finish', next_tool_args: {} }), [...tools, { name: 'finish', inputSchema: { type: 'object' } }]);
    expect(result.success && result.decision).toMatchObject({ action: 'call_tool', tool: 'finish', args: {} });
  });

  it('leaves an answer that mentions the fields alone, or quotes a JSON step as inline code', () => {
    const quoted = `A step reads \`${JSON.stringify({ next_thought: 'Tides.', next_tool_name: 'tide_table', next_tool_args: { port: 'Oslo' } })}\` in JSON.`;
    for (const text of ['DSPy writes `[[ ## next_tool_name ## ]]` before the tool name.', 'The keys are next_tool_name and next_tool_args.', quoted]) {
      const result = parse(text);
      expect(result.success && result.decision).toEqual({ action: 'answer_user', answer: text });
    }
  });

  it('never runs a JSON step shown in inline code or quoted in a list item; a fence holding only the step is the step', () => {
    const object = '{"next_thought": "Tides first.", "next_tool_name": "tide_table", "next_tool_args": {"port": "Bergen"}}';
    for (const text of [`A step looks like \`${object}\` in DSPy.`, `- for example:\n  \`\`\`json\n  ${object}\n  \`\`\``]) {
      const result = parse(text);
      expect(result.success && result.decision.action, text).not.toBe('call_tool');
    }
    expect(parse(`\`\`\`json\n${object}\n\`\`\``)).toMatchObject({ success: true, decision: { action: 'call_tool', tool: 'tide_table', args: { port: 'Bergen' } } });
  });
});

describe('JSON call attempts with damaged quotes or an agent key', () => {
  it.each([
    ['the opening quote of the name key lost', 'port_name": "x"} then tide_table": "y"', undefined],
    ['the key `name` cut at the start', 'name": "tide_table", "arguments": {"port": "Oslo"}}', 'tide_table'],
    ['the value quote doubled', '{"name": ""tide_table", "arguments": {"port": "Oslo"}} and more', 'tide_table'],
    ['the tool named under `action`', '{"action": "tide_table", "arguments": "Oslo"}', 'tide_table'],
  ])('%s: corrected when it names an offered tool with arguments', (_label, text, tool) => {
    const result = parse(text);
    if (tool === undefined) {
      expect(result.success && result.decision.action).toBe('answer_user');
      return;
    }
    expect(result.success).toBe(false);
    expect(!result.success && result.error.message).toContain(tool);
  });

  it('keeps JSON that names no offered tool under `action` as the answer', () => {
    const text = '{"action": "archive", "arguments": "all of it"}';
    expect(parse(text)).toMatchObject({ success: true, decision: { action: 'answer_user' } });
  });
});
