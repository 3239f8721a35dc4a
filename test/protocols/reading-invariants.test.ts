/**
 * One property per reading invariant (issue 25), each over every dialect writer below:
 * 1. coverage: a reply holding two calls in two dialects is read whole (both calls) or refused, never
 *    one of them; a special token left in prose, or in an answer or a raw value a dialect read, is
 *    never answered nor run; a JSON object naming a tool under any key beside its arguments is never answered;
 *    an element naming a tool under a namespace (`<fn.get_weather/>`) is never answered, nor is a reply
 *    of markup only, an element named for a call whose attribute names a tool (`<tool name="x">`), a
 *    Python-style call inside code or markup (`print(x(k=1))`), or a call block's closing tag with no
 *    call before it, or an object keyed by a tool (`{"get_weather": {..}}`, browser-use's action list),
 *    or a tool named with its arguments in a template (`{{get_weather city="x"}}`), a command, brackets,
 *    before an arrow or as a fence's label;
 *    calls listed under any one key are read whole or refused; a tool's turn the model invented after
 *    its own turn ended is dropped, with any call after it;
 * 2. completeness: a call cut off inside a value is never run;
 * 3. one JSON guard: JSON a repair could only guess, written in a parameter's text, never becomes a value;
 * 4. no guessed assignment: a text body for a tool of several properties is never put in one of them
 *    (a YAML mapping in a tool-name tag names its arguments: read only where every key is the tool's);
 * 5. quoted text is prose: a call shown in a fence inside a blockquote or a list item, on blockquote
 *    lines, in an indented code block set in the text, or in an HTML comment is never run; a call
 *    right under a quoted line (CommonMark's lazy continuation) is never answered silently; a fence or
 *    indentation around the whole reply is layout, and the call inside is read.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';
import { bareControlTokenSource, endOfTurnSource } from '../../src/protocols/extract/control-tokens.ts';

type Args = Record<string, string>;
interface Writer {
  name: string;
  write(tool: string, args: Args): string;
}

const json = (value: unknown) => JSON.stringify(value);
const atem = (tool: string, args: Args) =>
  `<atem:function_calls>\n<atem:invoke name="${tool}">\n${Object.entries(args).map(([key, value]) => `<atem:parameter name="${key}">${value}</atem:parameter>\n`).join('')}</atem:invoke>\n</atem:function_calls>`;
const writers: readonly Writer[] = [
  { name: 'hermes', write: (tool, args) => `<tool_call>\n${json({ name: tool, arguments: args })}\n</tool_call>` },
  { name: 'hermes, args key', write: (tool, args) => `<tool_call>\n${json({ name: tool, args })}\n</tool_call>` },
  { name: 'calls listed under a key', write: (tool, args) => json({ functions: [{ name: tool, parameters: args }] }) },
  { name: 'llama3', write: (tool, args) => json({ name: tool, parameters: args }) },
  { name: 'json args', write: (tool, args) => json({ name: tool, args }) },
  { name: 'json function params', write: (tool, args) => json({ function: tool, params: args }) },
  { name: 'mistral', write: (tool, args) => `[TOOL_CALLS][${json({ name: tool, arguments: args })}]` },
  { name: 'xml tool_code', write: (tool, args) => `<tool_code>\n<name>${tool}</name>\n<parameters>\n${json(args)}\n</parameters>\n</tool_code>` },
  {
    name: 'tool and args elements',
    write: (tool, args) => `<function_calls>\n<function_call>\n<tool>${tool}</tool>\n<args>${Object.entries(args).map(([key, value]) => `<${key}>${value}</${key}>`).join('')}</args>\n</function_call>\n</function_calls>`,
  },
  {
    name: 'qwen3-coder',
    write: (tool, args) => `<tool_call>\n<function=${tool}>\n${Object.entries(args).map(([key, value]) => `<parameter=${key}>\n${value}\n</parameter>\n`).join('')}</function>\n</tool_call>`,
  },
  {
    name: 'qwen3-coder name then value',
    write: (tool, args) => `<tool_call>\n<function=${tool}>\n${Object.entries(args).map(([key, value]) => `<parameter>${key}</parameter>\n${value}\n`).join('')}</function>\n</tool_call>`,
  },
  {
    name: 'qwen3-coder quoted names',
    write: (tool, args) => `<tool_call>\n<function="${tool}">\n${Object.entries(args).map(([key, value]) => `<parameter="${key}">\n${value}\n</parameter>\n`).join('')}</function>\n</tool_call>`,
  },
  {
    name: 'qwen3-coder with \\n text for line breaks',
    write: (tool, args) => String.raw`<tool_call>\n<function=${tool}>\n${Object.entries(args).map(([key, value]) => String.raw`<parameter=${key}>\n${value}\n</parameter>\n`).join('')}</function>\n</tool_call>`,
  },
  {
    name: 'glm',
    write: (tool, args) => `<tool_call>${tool}\n${Object.entries(args).map(([key, value]) => `<arg_key>${key}</arg_key>\n<arg_value>${value}</arg_value>\n`).join('')}</tool_call>`,
  },
  {
    // A value left open before the next key or the call's close (GLM's servers read it so).
    name: 'glm, values left open',
    write: (tool, args) => `<tool_call>${tool}\n${Object.entries(args).map(([key, value]) => `<arg_key>${key}</arg_key>\n<arg_value>${value}`).join('')}</tool_call>`,
  },
  {
    name: 'laguna <user>',
    write: (tool, args) => `<user>${tool}\n${Object.entries(args).map(([key, value]) => `<arg_key>${key}</arg_key>\n<arg_value>${value}</arg_value>\n`).join('')}</user>`,
  },
  {
    name: 'minimax',
    write: (tool, args) =>
      `<minimax:tool_call>\n<invoke name="${tool}">\n${Object.entries(args).map(([key, value]) => `<parameter name="${key}">${value}</parameter>\n`).join('')}</invoke>\n</minimax:tool_call>`,
  },
  { name: 'tool-name tags', write: (tool, args) => `<${tool}>${Object.entries(args).map(([key, value]) => `<${key}>${value}</${key}>`).join('')}</${tool}>` },
  { name: 'gemma 4', write: (tool, args) => `<|tool_call>call:${tool}{${Object.entries(args).map(([key, value]) => `${key}:<|"|>${value}<|"|>`).join(',')}}<tool_call|>` },
  { name: 'gemma 4, JSON in the braces', write: (tool, args) => `<|tool_call>call:${tool}{${json(args)}}<tool_call|>` },
  { name: 'pipe call', write: (tool, args) => `||call: ${tool}(${json(args)})` },
  { name: 'calling tool bracket', write: (tool, args) => `[Calling tool: ${tool}(${json(args)})]` },
  { name: 'functionary v2', write: (tool, args) => `<|from|>assistant\n<|recipient|>${tool}\n<|content|>${json(args)}<|stop|>` },
  { name: 'lm studio tool request', write: (tool, args) => `[TOOL_REQUEST]\n${json({ name: tool, arguments: args })}\n[END_TOOL_REQUEST]` },
  { name: 'tool request, name then json', write: (tool, args) => `[TOOL_REQUEST]\n${tool} ${json(args)}\n[TOOL_REQUEST_END]` },
  { name: 'cherry studio tool_use', write: (tool, args) => `<tool_use>\n<name>${tool}</name>\n<arguments>${json(args)}</arguments>\n</tool_use>` },
  { name: 'generic xml tool', write: (tool, args) => `<tool>\n<name>${tool}</name>\n<arguments>\n${Object.entries(args).map(([key, value]) => `<${key}>${value}</${key}>\n`).join('')}</arguments>\n</tool>` },
  { name: 'gorilla call strings', write: (tool, args) => json([`${tool}(${Object.entries(args).map(([key, value]) => `${key}=${json(value)}`).join(', ')})`]) },
  {
    name: 'longcat',
    write: (tool, args) =>
      `<longcat_tool_call>${tool}\n${Object.entries(args).map(([key, value]) => `<longcat_arg_key>${key}</longcat_arg_key>\n<longcat_arg_value>${value}</longcat_arg_value>\n`).join('')}</longcat_tool_call>`,
  },
  { name: 'continue', write: (tool, args) => `\`\`\`tool\nTOOL_NAME: ${tool}\n${Object.entries(args).map(([key, value]) => `BEGIN_ARG: ${key}\n${value}\nEND_ARG\n`).join('')}\`\`\`` },
  {
    name: 'kimi k2 section',
    write: (tool, args) => `<|tool_calls_section_begin|><|tool_call_begin|>functions.${tool}:0<|tool_call_argument_begin|>${json(args)}<|tool_call_end|><|tool_calls_section_end|>`,
  },
  {
    name: 'kimi k2 singular section',
    write: (tool, args) => `<|tool_call_section_begin|><|tool_call_begin|>functions.${tool}:0<|tool_call_argument_begin|>${json(args)}<|tool_call_end|><|tool_call_section_end|>`,
  },
  {
    name: 'invoke tool_name',
    write: (tool, args) =>
      `<function_calls>\n<invoke>\n<tool_name>${tool}</tool_name>\n<parameters>\n${Object.entries(args).map(([key, value]) => `<${key}>${value}</${key}>\n`).join('')}</parameters>\n</invoke>\n</function_calls>`,
  },
  { name: 'react', write: (tool, args) => `Thought: I need ${tool}.\nAction: ${tool}\nAction Input: ${json(args)}` },
  { name: 'json agent', write: (tool, args) => `\`\`\`json\n${json({ action: tool, action_input: args })}\n\`\`\`` },
  { name: 'json agent in a tool_call wrapper', write: (tool, args) => json({ tool_call: { action: tool, action_input: args } }) },
  { name: 'json agent, camelCase input (kaiban)', write: (tool, args) => json({ thought: `use ${tool}`, action: tool, actionInput: args }) },
  { name: 'json agent, layout escaped once more', write: (tool, args) => JSON.stringify({ action: tool, action_input: args }, null, 1).replace(/\n/g, '\\n') },
  { name: 'beeai react', write: (tool, args) => `Thought: I need ${tool}.\nFunction Name: ${tool}\nFunction Input: ${json(args)}\nFunction Output:` },
  { name: 'xml agent', write: (tool, args) => `<tool>${tool}</tool><tool_input>${json(args)}</tool_input>` },
  { name: 'kimi k3 json', write: (tool, args) => `<|open|>tools<|sep|><|open|>call tool="${tool}"<|sep|><|open|>json type="object"<|sep|>${json(args)}<|close|>json<|sep|><|close|>call<|sep|><|close|>tools<|sep|>` },
  {
    name: 'muse',
    write: (tool, args) => `<|start|>assistant to=${tool}<|message|>${atem(tool, args)}<|eom|>`,
  },
  // A MuseGlimmer call message whose header was fumbled: no recipient, or the user.
  { name: 'muse, no recipient', write: (tool, args) => `<|message|>${atem(tool, args)}<|eom|>` },
  { name: 'muse, to the user', write: (tool, args) => ` to=user<|message|>${atem(tool, args)}<|eot|>` },
  { name: 'tool-name line', write: (tool, args) => `${tool}:\n${Object.entries(args).map(([key, value]) => `<${key}>${value}</${key}>`).join('\n')}` },
  { name: 'yaml in tool-name tag', write: (tool, args) => `<${tool}>\n${Object.entries(args).map(([key, value]) => `${key}: ${value}`).join('\n')}\n</${tool}>` },
  { name: 'qwen-agent fncall', write: (tool, args) => `✿FUNCTION✿: ${tool}\n✿ARGS✿: ${json(args)}` },
  {
    name: 'xing param_key',
    write: (tool, args) => `<tool_call>${tool}${Object.entries(args).map(([key, value]) => `<param_key>${key}</param_key><param_value>${value}</param_value>`).join('')}</tool_call>`,
  },
  {
    name: 'deepseek v4.1 dsml',
    write: (tool, args) =>
      `<｜DSML｜ calls>\n<｜DSML｜ invoke name="${tool}">\n${Object.entries(args).map(([key, value]) => `<｜DSML｜ parameter name="${key}" string="true">${value}</｜DSML｜ parameter>\n`).join('')}</｜DSML｜ invoke>\n</｜DSML｜ calls>`,
  },
  {
    name: 'deepseek dsml, doubled bars',
    write: (tool, args) =>
      `<｜｜DSML｜｜tool_calls>\n<｜｜DSML｜｜invoke name="${tool}">\n${Object.entries(args).map(([key, value]) => `<｜｜DSML｜｜parameter name="${key}" string="true">${value}</｜｜DSML｜｜parameter>\n`).join('')}</｜｜DSML｜｜invoke>\n</｜｜DSML｜｜tool_calls>`,
  },
  { name: 'hunyuan fenced json', write: (tool, args) => `<tool_calls><tool_call>${tool}\n\`\`\`json\n${json(args)}\n\`\`\`</tool_call></tool_calls>` },
  { name: 'continue xml', write: (tool, args) => `<tool_call>\n<name>${tool}</name>\n<args>\n${Object.entries(args).map(([key, value]) => `<${key}>${value}</${key}>\n`).join('')}</args>\n</tool_call>` },
  { name: 'name then json', write: (tool, args) => `${tool}${json(args)}` },
  { name: 'at name then json', write: (tool, args) => `@${tool}(call_1): ${json(args)}` },
  { name: 'swe-agent thought and command', write: (tool, args) => json({ thought: `use ${tool}`, command: { name: tool, arguments: args } }) },
  { name: 'command a action list', write: (tool, args) => `<|START_ACTION|>${json([{ tool_call_id: '0', tool_name: tool, parameters: args }])}<|END_ACTION|>` },
  { name: 'functionary v3 recipients', write: (tool, args) => `all\nChecking.>>>${tool}\n${json(args)}` },
  { name: 'agentscope speak and function', write: (tool, args) => json({ thought: `use ${tool}`, speak: 'On it.', function: [{ name: tool, arguments: args }] }) },
  { name: 'metagpt commands', write: (tool, args) => `\`\`\`json\n${json([{ command_name: tool, args }])}\n\`\`\`` },
  { name: 'minicpm3 fenced block', write: (tool, args) => `<|tool_call_start|>\n\`\`\`python\n${tool}(${Object.entries(args).map(([key, value]) => `${key}="${value}"`).join(', ')})\n\`\`\`\n<|tool_call_end|>` },
  { name: 'pythonic in prose', write: (tool, args) => `Checking: [${tool}(${Object.entries(args).map(([key, value]) => `${key}="${value}"`).join(', ')})]` },
  { name: 'dspy chat', write: (tool, args) => `[[ ## next_thought ## ]]\nUse ${tool}.\n\n[[ ## next_tool_name ## ]]\n${tool}\n\n[[ ## next_tool_args ## ]]\n${json(args)}\n\n[[ ## completed ## ]]` },
  { name: 'dspy json', write: (tool, args) => json({ next_thought: `Use ${tool}.`, next_tool_name: tool, next_tool_args: args }) },
  { name: 'dspy xml', write: (tool, args) => `<next_thought>Use ${tool}.</next_thought>\n<next_tool_name>${tool}</next_tool_name>\n<next_tool_args>${json(args)}</next_tool_args>` },
  { name: 'flat call in an application element', write: (tool, args) => `<app_tool_call>\n${json({ app_tool_name: tool, ...args })}\n</app_tool_call>` },
  {
    name: 'invoke under an application namespace',
    write: (tool, args) => `<app:invoke name="${tool}">\n${Object.entries(args).map(([key, value]) => `<app:parameter name="${key}">${value}</app:parameter>\n`).join('')}</app:invoke>`,
  },
];

/** Token, JSON and agent families not in `writers`, for the prose-after-a-call property (1c). */
const tokenWriters: readonly Writer[] = [
  { name: 'llama3 python_tag', write: (tool, args) => `<|python_tag|>${json({ name: tool, parameters: args })}<|eom_id|>` },
  { name: 'mistral v11', write: (tool, args) => `[TOOL_CALLS]${tool}[CALL_ID]a1b2c3d4e[ARGS]${json(args)}` },
  { name: 'deepseek v3.1', write: (tool, args) => `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>${tool}<｜tool▁sep｜>${json(args)}<｜tool▁call▁end｜><｜tool▁calls▁end｜>` },
  { name: 'kimi k2', write: (tool, args) => `<|tool_calls_section_begin|><|tool_call_begin|>functions.${tool}:0<|tool_call_argument_begin|>${json(args)}<|tool_call_end|><|tool_calls_section_end|>` },
  { name: 'harmony', write: (tool, args) => `<|channel|>commentary to=functions.${tool} <|constrain|>json<|message|>${json(args)}<|call|>` },
  { name: 'harmony, tokens dropped', write: (tool, args) => `assistantcommentary to=functions.${tool} json${json(args)}` },
  { name: 'lfm2', write: (tool, args) => `<|tool_call_start|>[${tool}(${Object.entries(args).map(([key, value]) => `${key}="${value}"`).join(', ')})]<|tool_call_end|>` },
  { name: 'granite', write: (tool, args) => `<|tool_call|>[${json({ name: tool, arguments: args })}]` },
  { name: 'openai', write: (tool, args) => json({ type: 'function', function: { name: tool, arguments: json(args) } }) },
  { name: 'dsml', write: (tool, args) => `<｜DSML｜function_calls>\n<｜DSML｜invoke name="${tool}">\n${Object.entries(args).map(([key, value]) => `<｜DSML｜parameter name="${key}" string="true">${value}</｜DSML｜parameter>\n`).join('')}</｜DSML｜invoke>\n</｜DSML｜function_calls>` },
  { name: 'react', write: (tool, args) => `Thought: needed.\nAction: ${tool}\nAction Input: ${json(args)}` },
  { name: 'json agent', write: (tool, args) => json({ action: tool, action_input: args }) },
  { name: 'glm key=value', write: (tool, args) => `<tool_call>${tool} ${Object.entries(args).map(([key, value]) => `${key}="${value}"`).join(' ')}</tool_call>` },
];

const toolNames = ['get_weather', 'read_file', 'search_docs'];
const keys = ['city', 'path', 'query'];
const stringTool = (name: string): ToolSpec => ({ name, inputSchema: { type: 'object', properties: Object.fromEntries(keys.map((key) => [key, { type: 'string' }])) } });
const tools = toolNames.map(stringTool);

const word = fc.stringMatching(/^[a-z]{3,10}$/);
const argsArbitrary = fc.record({ key: fc.constantFrom(...keys), value: word }).map(({ key, value }): Args => ({ [key]: value }));
const writer = fc.constantFrom(...writers);
const prose = fc.constantFrom('Let me check that.', 'Sure, here you go:', 'Done. Next:', '');
/** The calls read from `text`, `[]` for an answer, undefined for a refusal. */
const calls = (text: string, maxActions = 1) => {
  const result = parseDecision('native', text, { tools, maxActions });
  return result.success ? result.decisions.filter((decision) => decision.action === 'call_tool') : undefined;
};
/** No call runs: refused, or answered. */
const noCall = (text: string) => expect(calls(text) ?? [], text).toEqual([]);
/** `text` with every line indented by `by`. */
const indented = (text: string, by: string) => text.split('\n').map((line) => `${by}${line}`).join('\n');
const RUNS = 60;
/** A call quoted without a fence: every line behind `>`, after prose, nested, in a list item. */
const blockquoted = [
  (call: string) => indented(call, '> '),
  (call: string) => `The user wrote:\n${indented(call, '> ')}\n\nI will not run that.`,
  (call: string) => indented(call, '> > '),
  (call: string) => `- Quoted:\n${indented(call, '  > ')}`,
];

describe('reading invariants, over every dialect', () => {
  it('1. coverage: two calls in two dialects are both read or refused, never one; a special token is never answered', () => {
    const pair = fc.tuple(writer, writer).filter(([first, second]) => first.name !== second.name);
    fc.assert(
      // Two different calls (the same call written twice in two forms reads as one: a known limit).
      fc.property(pair, fc.constantFrom(...toolNames), fc.constantFrom(...toolNames), argsArbitrary, argsArbitrary, prose, ([first, second], a, b, argsA, argsB, between) => {
        fc.pre(a !== b || JSON.stringify(argsA) !== JSON.stringify(argsB));
        const text = `${first.write(a, argsA)}\n${between}\n${second.write(b, argsB)}`;
        const found = calls(text, 2);
        expect(found === undefined || found.length === 2, `${text}\n=> ${JSON.stringify(found)}`).toBe(true);
      }),
      { numRuns: RUNS * 2 },
    );
    const token = fc.stringMatching(/^[a-z_]{2,12}$/).map((name) => `<|${name}|>`);
    fc.assert(
      fc.property(prose, token, word, (before, special, after) => {
        const result = parseDecision('native', `${before} ${special} ${after}`, { tools });
        if (result.success && result.decision.action === 'answer_user') expect(result.decision.answer).not.toContain(special);
      }),
      { numRuns: RUNS },
    );
  });

  it('1d. coverage: an answer, a plan or a raw text value a dialect reads never carries a special token', () => {
    const single: ToolSpec = { name: 'lookup', inputSchema: { type: 'object', properties: { query: { type: 'string' } } } };
    const answers = [
      (text: string) => `all\n${text}`,
      (text: string) => `Thought: done.\nFinal Answer: ${text}`,
      (text: string) => `all\n<|content|>${text}<|stop|>`,
    ];
    const values = [
      (text: string) => `lookup\n${text}`,
      (text: string) => `Thought: go.\nAction: lookup\nAction Input: ${text}`,
      // A plan kept beside a call is prose too.
      (text: string) => `Thought: ${text}\nAction: lookup\nAction Input: {"query": "tides"}`,
      (text: string) => json({ thought: text, speak: 'On it.', function: [{ name: 'lookup', arguments: { query: 'tides' } }] }),
    ];
    const token = fc.stringMatching(/^[a-z_]{2,12}$/).map((name) => `<|${name}|>`);
    fc.assert(
      fc.property(fc.constantFrom(...answers, ...values), prose, token, word, (write, before, special, after) => {
        const result = parseDecision('native', write(`${before} ${special} ${after}`), { tools: [...tools, single] });
        if (result.success) expect(JSON.stringify([result.decisions, result.thoughts])).not.toContain(special);
      }),
      { numRuns: RUNS },
    );
  });

  it('1c. coverage: a special token in the prose after an accepted call is refused, naming it, in every dialect', () => {
    // Each family is read on its own, so the property below is not passed by skipping it.
    for (const dialect of tokenWriters) expect(calls(dialect.write('get_weather', { city: 'oslo' })), dialect.name).toHaveLength(1);
    // Also the tokens written without bars (`control-tokens.ts`): Mistral's brackets, Gemma's turn opener.
    const token = fc.oneof(fc.stringMatching(/^[a-z_]{2,12}$/).map((name) => `<|${name}|>`), fc.constantFrom('[INST]', '[/TOOL_RESULTS]', '<start_of_turn>'));
    fc.assert(
      fc.property(fc.constantFrom(...writers, ...tokenWriters), fc.constantFrom(...toolNames), argsArbitrary, prose, token, word, (dialect, tool, args, before, special, after) => {
        const call = dialect.write(tool, args);
        // Only a call the dialect's reader accepts on its own counts; the token then follows it.
        fc.pre(calls(call)?.length === 1);
        const text = `${call}\n${before} ${special} ${after}`;
        const result = parseDecision('native', text, { tools });
        expect(result.success, `${dialect.name}: ${text}`).toBe(false);
        if (!result.success) expect(result.error.message, `${dialect.name}: ${text}`).toContain(special);
      }),
      { numRuns: RUNS * 4 },
    );
  });

  it('1d. coverage: a JSON object naming an offered tool under any key, beside its arguments, is never the answer', () => {
    // Call metadata keys (`id`, `type`, ..) name no tool.
    const key = fc.stringMatching(/^[a-z][a-z_]{1,11}$/).filter((name) => !keys.includes(name) && !['id', 'type', 'index', 'call_id', 'tool_call_id'].includes(name));
    /** The object, its arguments beside the name (flat) or under another key; whole or cut off after the name. */
    const shape = fc.constantFrom('flat', 'nested');
    fc.assert(
      fc.property(key, key, shape, fc.constantFrom(...toolNames), argsArbitrary, prose, fc.boolean(), (nameKey, argsKey, form, tool, args, before, cut) => {
        fc.pre(nameKey !== argsKey);
        const object = form === 'flat' ? { [nameKey]: tool, ...args } : { [nameKey]: tool, [argsKey]: args };
        const written = json(object);
        const text = `${before}\n${cut ? written.slice(0, written.indexOf(tool) + tool.length + 2) : written}`;
        const result = parseDecision('native', text, { tools });
        if (!result.success) return;
        // Read as a call it is this call; it is never answered.
        expect(result.decisions.every((decision) => decision.action === 'call_tool'), text).toBe(true);
        expect(result.decisions.map((decision) => decision.action === 'call_tool' && decision.tool), text).toEqual([tool]);
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('1f. coverage: an element naming an offered tool is never the answer, whatever namespace its name carries', () => {
    const namespace = fc.array(fc.stringMatching(/^[A-Za-z_][a-z0-9_]{0,8}$/), { minLength: 1, maxLength: 3 }).chain((parts) => fc.constantFrom('.', ':').map((sep) => parts.join(sep) + sep));
    const element = fc.constantFrom(
      (name: string, args: Args) => `<${name} ${Object.entries(args).map(([key, value]) => `${key}="${value}"`).join(' ')}/>`,
      (name: string, args: Args) => `<${name}>${json(args)}</${name}>`,
      (name: string) => `<${name}>`,
    );
    fc.assert(
      fc.property(namespace, element, fc.constantFrom(...toolNames), argsArbitrary, prose, fc.constantFrom('', '<plan>\n', '<steps>'), (ns, write, tool, args, before, frame) => {
        const text = `${before}\n${frame}${write(`${ns}${tool}`, args)}`;
        const result = parseDecision('native', text, { tools });
        // Refused, or read as this very call: never answered with the markup in it.
        if (result.success) expect(result.decisions.map((decision) => decision.action === 'call_tool' && decision.tool), text).toEqual([tool]);
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('1g. coverage: a reply made of markup only is never the answer; words beside the markup are', () => {
    // A tag named after a tool may be that tool's call (`<get_weather/>`), and one named for a call
    // (`<a_call>`, `<tool_use>`) opening an element is a call attempt (call-named-element.test.ts):
    // only other names here.
    const callWord = /tool|function|call|invoke/i;
    const tagName = fc.stringMatching(/^[a-z][a-z_.:-]{0,10}$/).filter((name) => !toolNames.some((tool) => name.endsWith(tool)) && !callWord.test(name));
    const tag = fc.tuple(tagName, fc.constantFrom('open', 'close', 'self', 'attr')).map(([name, form]) =>
      form === 'open' ? `<${name}>` : form === 'close' ? `</${name}>` : form === 'self' ? `<${name}/>` : `<${name} id="x">`,
    );
    const space = fc.constantFrom('', ' ', '\n', '\n  ');
    fc.assert(
      fc.property(fc.array(fc.tuple(tag, space), { minLength: 1, maxLength: 5 }), word, (parts, words) => {
        const markup = parts.map(([written, gap]) => written + gap).join('');
        // A tag that is a model's special token (`</s>` closing no `<s>`, `<bos>`) is refused wherever it stands (1c).
        fc.pre(!new RegExp(`${endOfTurnSource}|${bareControlTokenSource}`).test(markup));
        expect(calls(markup), markup).toBeUndefined();
        const answered = parseDecision('native', `${markup}${words}`, { tools: [] });
        expect(answered, `${markup}${words}`).toMatchObject({ success: true, decision: { action: 'answer_user' } });
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('1h. coverage: calls listed under any one key are read whole, and one naming no offered tool is refused, never answered', () => {
    const listKey = fc.stringMatching(/^[a-z][a-z_]{2,11}$/).filter((name) => !['tool_calls', 'tool_call', 'function_call', 'function'].includes(name));
    fc.assert(
      fc.property(listKey, fc.array(fc.tuple(fc.constantFrom(...toolNames), argsArbitrary, fc.constantFrom('arguments', 'parameters', 'args')), { minLength: 1, maxLength: 3 }), fc.boolean(), (key, listed, unknown) => {
        const items = listed.map(([tool, args, argsKey], index) => ({ name: unknown && index === 0 ? `${tool}_v2` : tool, [argsKey]: args }));
        const text = json({ [key]: items });
        const result = parseDecision('native', text, { tools, maxActions: 3 });
        if (unknown) {
          expect(result.success, text).toBe(false);
          return;
        }
        expect(result.success ? result.decisions.map((decision) => decision.action === 'call_tool' && [decision.tool, decision.args]) : undefined, text).toEqual(listed.map(([tool, args]) => [tool, args]));
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('1i. coverage: an element named for a call whose attribute names an offered tool is never the answer', () => {
    const element = fc.constantFrom('tool', 'use_tool', 'call', 'function_call', 'action', 'command', 'ToolCall');
    const attribute = fc.constantFrom('name', 'tool', 'function', 'action');
    const body = fc.constantFrom(
      (open: string) => `${open}/>`,
      (open: string, args: Args, tag: string) => `${open}>${json(args)}</${tag}>`,
      (open: string, args: Args, tag: string) => `${open}>${Object.entries(args).map(([key, value]) => `<${key}>${value}</${key}>`).join('')}</${tag}>`,
    );
    fc.assert(
      fc.property(element, attribute, body, fc.constantFrom('', 'functions.'), fc.constantFrom('"', "'"), fc.constantFrom(...toolNames), argsArbitrary, prose, (tag, attr, write, ns, quote, tool, args, before) => {
        const text = `${before}\n${write(`<${tag} ${attr}=${quote}${ns}${tool}${quote}`, args, tag)}`;
        const result = parseDecision('native', text, { tools });
        if (result.success) expect(result.decisions.map((decision) => decision.action === 'call_tool' && decision.tool), text).toEqual([tool]);
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('1j. coverage: a Python-style call of an offered tool inside other code or markup is never the answer', () => {
    const context = fc.constantFrom(
      (call: string) => `print(${call})`,
      (call: string) => `result = ${call}`,
      (call: string) => `value = await ${call}`,
      (call: string) => `<execute>\n${call}\n</execute>`,
      (call: string) => `<code>${call}</code>`,
      (call: string) => `{"step": ${call}}`,
      (call: string) => `$${call}`,
    );
    fc.assert(
      fc.property(context, fc.constantFrom(...toolNames), argsArbitrary, prose, (wrap, tool, args, before) => {
        const call = `${tool}(${Object.entries(args).map(([key, value]) => `${key}="${value}"`).join(', ')})`;
        const text = `${before}\n${wrap(call)}`;
        const result = parseDecision('native', text, { tools });
        if (result.success) expect(result.decisions.map((decision) => decision.action === 'call_tool' && decision.tool), text).toEqual([tool]);
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('1k. coverage: an answer holding a call block\'s closing tag with no call before it is never answered', () => {
    const close = fc.constantFrom('</tool_call>', '</tool_calls>', '</minimax:tool_call>', '</tool_call:opensource>');
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 6 }), fc.nat(), close, fc.constantFrom('', ' ', '\n'), (words, at, tag, gap) => {
        const index = at % (words.length + 1);
        const text = [...words.slice(0, index), `${gap}${tag}${gap}`, ...words.slice(index)].join(' ');
        noCall(text);
        expect(parseDecision('native', text, { tools }).success, text).toBe(false);
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('1l. coverage: an object keyed by an offered tool holding its arguments is never the answer, alone, in a list or under any key', () => {
    const key = fc.stringMatching(/^[a-z][a-z_]{1,11}$/).filter((name) => !toolNames.includes(name));
    const place = fc.constantFrom(
      (item: object) => item,
      (item: object) => [item],
      (item: object, under: string) => ({ [under]: [item] }),
      (item: object, under: string) => ({ state: { note: 'x' }, [under]: [item, item] }),
    );
    fc.assert(
      fc.property(place, key, fc.constantFrom(...toolNames), argsArbitrary, prose, (put, under, tool, args, before) => {
        const text = `${before}\n${json(put({ [tool]: args }, under))}`;
        const result = parseDecision('native', text, { tools, maxActions: 2 });
        if (result.success) expect(result.decisions.every((decision) => decision.action === 'call_tool' && decision.tool === tool), text).toBe(true);
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('1m. coverage: a tool named with its arguments in a template, a command, brackets, an arrow or a fence label is never the answer', () => {
    const form = fc.constantFrom(
      (tool: string, args: Args) => `{{${tool} ${Object.entries(args).map(([key, value]) => `${key}="${value}"`).join(' ')}}}`,
      (tool: string, args: Args) => `{{set "x" (${tool} ${Object.entries(args).map(([key, value]) => `${key}="${value}"`).join(' ')})}}`,
      (tool: string, args: Args) => `@${tool} ${Object.entries(args).map(([key, value]) => `${key}=${value}`).join(' ')}`,
      (tool: string, args: Args) => `[${tool}]${json(args)}`,
      (tool: string, args: Args) => `${tool} -> ${json(args)}`,
      (tool: string, args: Args) => `\`\`\`${tool}\n${json(args)}\n\`\`\``,
    );
    fc.assert(
      fc.property(form, fc.constantFrom(...toolNames), argsArbitrary, prose, (write, tool, args, before) => {
        const text = `${before}\n${write(tool, args)}`;
        const result = parseDecision('native', text, { tools });
        if (result.success) expect(result.decisions.map((decision) => decision.action === 'call_tool' && decision.tool), text).toEqual([tool]);
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('1b. coverage: a Gemma block holding several calls is read whole, never only its first call', () => {
    fc.assert(
      fc.property(fc.constantFrom(...toolNames), fc.constantFrom(...toolNames), argsArbitrary, argsArbitrary, fc.constantFrom('', ' ', '\n'), (a, b, argsA, argsB, gap) => {
        const body = (tool: string, args: Args) => `call:${tool}{${Object.entries(args).map(([key, value]) => `${key}:<|"|>${value}<|"|>`).join(',')}}`;
        const found = calls(`<|tool_call>${body(a, argsA)}${gap}${body(b, argsB)}<tool_call|>`, 2);
        expect(found?.map((call) => call.action === 'call_tool' && [call.tool, call.args])).toEqual([
          [a, argsA],
          [b, argsB],
        ]);
      }),
      { numRuns: RUNS },
    );
  });

  it('2. completeness: a call cut off inside a value is never run', () => {
    fc.assert(
      fc.property(writer, fc.constantFrom(...toolNames), fc.constantFrom(...keys), fc.stringMatching(/^[a-z]{4,12}$/), fc.nat(), (dialect, tool, key, value, at) => {
        const text = dialect.write(tool, { [key]: value });
        const start = text.indexOf(value);
        const cut = text.slice(0, start + 1 + (at % (value.length - 1)));
        noCall(cut);
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('3. one JSON guard: JSON a repair could only guess never becomes a parameter value', () => {
    const objectTool: ToolSpec = { name: 'configure', inputSchema: { type: 'object', properties: { settings: { type: 'object' } }, required: ['settings'] } };
    const textWriters = writers.filter((candidate) =>
      [
        'qwen3-coder',
        'qwen3-coder name then value',
        'qwen3-coder quoted names',
        'glm',
        'glm, values left open',
        'laguna <user>',
        'minimax',
        'tool-name tags',
        'yaml in tool-name tag',
        'muse',
        'invoke tool_name',
      ].includes(candidate.name),
    );
    const guesses = fc.constantFrom('{"mode": }', '{"mode": "fast", "level": }', '{"path": "/home/us', '{"flag": TRUE}', '{"a": 1_000}', '{"path": /home/us}');
    fc.assert(
      fc.property(fc.constantFrom(...textWriters), guesses, (dialect, damaged) => {
        const result = parseDecision('native', dialect.write('configure', { settings: damaged }), { tools: [objectTool] });
        expect(result.success).toBe(false);
      }),
      { numRuns: RUNS },
    );
  });

  it('3b. one JSON guard: a comment between members opens and closes nothing, whatever quotes, brackets or tags it holds', () => {
    const commented = [
      { name: 'hermes', write: (tool: string, args: Args, comment: string) => `<tool_call>\n{"name": ${json(tool)}, "arguments": ${json(args)} ${comment}\n}\n</tool_call>` },
      { name: 'mistral', write: (tool: string, args: Args, comment: string) => `[TOOL_CALLS][{"name": ${json(tool)}, ${comment}\n"arguments": ${json(args)}}]` },
      { name: 'xml tool_code', write: (tool: string, args: Args, comment: string) => `<tool_code>\n<name>${tool}</name>\n<parameters>\n{${comment}\n${json(args).slice(1)}\n</parameters>\n</tool_code>` },
    ];
    const inside = fc.array(fc.constantFrom('"', "'", '[', ']', '{', '}', '</tool_call>', ' note ', ':', ','), { minLength: 1, maxLength: 6 }).map((parts) => parts.join(''));
    const comment = fc.oneof(
      inside.map((text) => `// ${text}`),
      inside.filter((text) => !text.includes('*/')).map((text) => `/* ${text} */`),
    );
    fc.assert(
      fc.property(fc.constantFrom(...commented), fc.constantFrom(...toolNames), argsArbitrary, comment, (dialect, tool, args, note) => {
        const text = dialect.write(tool, args, note);
        expect(calls(text), text).toEqual([expect.objectContaining({ tool, args })]);
      }),
      { numRuns: RUNS },
    );
  });

  it('4. no guessed assignment: a text body for a tool of several properties is refused', () => {
    const words = fc.stringMatching(/^[a-z]{3,10}( [a-z]{3,10}){0,3}$/);
    // A tag's body that is no mapping of the tool's own properties: prose, a YAML list, a key it does not declare.
    const tagBody = fc.oneof(words, fc.constantFrom('- /tmp/a\n- Oslo', 'title: tides', 'city: Oslo\nnote: later', 'Oslo: city', 'query: tides # soon'));
    const bodies = [
      { write: (tool: string, text: string) => `<${tool}>\n${text}\n</${tool}>`, text: tagBody },
      { write: (tool: string, text: string) => `Thought: go\nAction: ${tool}\nAction Input: ${text}`, text: fc.oneof(words, fc.constantFrom('path: /tmp/a\ncity: Oslo', 'query: tides')) },
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...bodies).chain((body) => fc.tuple(fc.constant(body.write), body.text)),
        fc.constantFrom(...toolNames),
        ([write, text], tool) => {
          noCall(write(tool, text));
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('1e. coverage: a key beside a JSON call object\'s name and arguments is never dropped, in any spelling of the call', () => {
    const shapes = [
      (tool: string, args: Args, extra: Record<string, string>) => json({ name: tool, arguments: args, ...extra }),
      (tool: string, args: Args, extra: Record<string, string>) => json({ tool_name: tool, parameters: args, ...extra }),
      (tool: string, args: Args, extra: Record<string, string>) => json({ command_name: tool, args, ...extra }),
      (tool: string, args: Args, extra: Record<string, string>) => json({ type: 'function', function: { name: tool, arguments: args, ...extra } }),
      (tool: string, args: Args, extra: Record<string, string>) => `<tool_call>\n${json({ name: tool, arguments: args, ...extra })}\n</tool_call>`,
    ];
    const extraKey = fc.stringMatching(/^[a-z]{3,10}$/).filter((key) => !['name', 'type', 'arguments', 'parameters', 'args', 'input', 'function'].includes(key));
    fc.assert(
      fc.property(fc.constantFrom(...shapes), fc.constantFrom(...toolNames), argsArbitrary, extraKey, word, (write, tool, args, key, value) => {
        const text = write(tool, args, { [key]: value });
        const result = parseDecision('native', text, { tools });
        // Read, the call must carry the key as an argument; otherwise it is refused.
        if (result.success) expect(JSON.stringify(result.decisions), text).toContain(value);
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('5. quoted text is prose: a call in a fence inside a blockquote or a list item is never run', () => {
    const quotes = [
      (call: string) => `Models write calls like this:\n> \`\`\`\n${call.split('\n').map((line) => `> ${line}`).join('\n')}\n> \`\`\`\nThat is all.`,
      (call: string) => `Two forms:\n- the first:\n  \`\`\`\n${call.split('\n').map((line) => `  ${line}`).join('\n')}\n  \`\`\`\n- and more.`,
      (call: string) => `1. Example:\n   \`\`\`json\n${call.split('\n').map((line) => `   ${line}`).join('\n')}\n   \`\`\``,
      // Containers nested in either order.
      (call: string) => `- > \`\`\`\n${call.split('\n').map((line) => `  > ${line}`).join('\n')}\n  > \`\`\``,
      (call: string) => `> 1. \`\`\`\n${call.split('\n').map((line) => `>    ${line}`).join('\n')}\n>    \`\`\``,
      // Inline code, where the call fits on one line.
      (call: string) => (call.includes('\n') ? `See \`${call.split('\n')[0]}\`.` : `Write \`${call}\` for that.`),
      // Indented code blocks set in the text (CommonMark): four spaces, a tab, at the reply's start, in a list item.
      (call: string) => `Models write calls like this:\n\n${indented(call, '    ')}\n\nThat is all.`,
      (call: string) => `Like this:\n\n${indented(call, '\t')}\nand so on.`,
      (call: string) => `${indented(call, '    ')}\n\nThat is the format.`,
      (call: string) => `- Like this:\n\n${indented(call, '      ')}\n\n- and more.`,
      // HTML comments: never shown, never meant.
      (call: string) => `Checked. <!-- ${call} --> Done.`,
      (call: string) => `<!--\n${call}\n-->`,
      // Blockquotes without a fence: every line quoted, also nested and in a list item.
      ...blockquoted,
    ];
    // Every dialect in every quoting form, so no pair is left to chance.
    for (const dialect of [...writers, ...tokenWriters]) {
      fc.assert(
        fc.property(fc.constantFrom(...toolNames), argsArbitrary, (tool, args) => {
          for (const quote of quotes) noCall(quote(dialect.write(tool, args)));
        }),
        { numRuns: 4 },
      );
    }
  });

  it('5c. quoted text is prose: a call on > lines is the answer, one lazily under a > line is corrected, one after the quote ends runs', () => {
    for (const dialect of [...writers, ...tokenWriters]) {
      fc.assert(
        fc.property(fc.constantFrom(...toolNames), argsArbitrary, (tool, args) => {
          const call = dialect.write(tool, args);
          // Only a call the dialect's reader accepts bare counts: it must be neither run nor lost.
          if (calls(call)?.length !== 1) return;
          // A plain answer holding a quoted call only is the model quoting.
          for (const quote of blockquoted) {
            const text = quote(call);
            const result = parseDecision('native', text, { tools });
            // The answer is the reply as written (an end-of-turn token at its very end is framing, dropped).
            const [decision] = result.success ? result.decisions : [];
            expect(result.success && result.decisions.length === 1 && decision?.action === 'answer_user' && text.startsWith(decision.answer), `${dialect.name}: ${text}`).toBe(true);
          }
          // Right under a quoted line, CommonMark quotes the call too, but it may be meant: never
          // answered (a silent drop) nor another call; run only where its first line ends the quote.
          const lazy = `> You asked for ${tool}.\n${call}`;
          const found = calls(lazy);
          expect(found === undefined || (found.length === 1 && found[0]?.action === 'call_tool' && found[0].tool === tool), `${dialect.name}: ${lazy}`).toBe(true);
          // After a blank line the quote has ended: the call runs as it does bare.
          const after = `> You asked for ${tool}.\n\n${call}`;
          expect(calls(after)?.map((decision) => decision.action === 'call_tool' && decision.tool), `${dialect.name}: ${after}`).toEqual([tool]);
        }),
        { numRuns: 3 },
      );
    }
  });

  it('5b. quoted text is prose: a fence or indentation around the whole reply is layout, and the call inside is read as written bare', () => {
    // Writers whose call holds a fence line of its own are several blocks once fenced, not one.
    const layouts = [
      (call: string) => `\`\`\`xml\n${call}\n\`\`\``,
      (call: string) => `\`\`\`\n${call}\n\`\`\``,
      (call: string) => indented(call, '    '),
      (call: string) => `I will check.\n\n${indented(call, '\t')}`,
    ];
    for (const dialect of [...writers, ...tokenWriters]) {
      fc.assert(
        fc.property(fc.constantFrom(...toolNames), argsArbitrary, (tool, args) => {
          const call = dialect.write(tool, args);
          // Only a call the dialect's reader accepts bare counts.
          if (calls(call)?.length !== 1 || call.includes('```')) return;
          for (const layout of layouts) {
            const laidOut = layout(call);
            const tools = calls(laidOut)?.map((decision) => decision.action === 'call_tool' && decision.tool);
            // Indentation stays in a value that keeps its line breaks (Qwen3-Coder): the tool is the same.
            if (layout !== layouts[3]) expect(tools ?? 'refused', `${dialect.name}: ${laidOut}`).toEqual([tool]);
            // After a sentence, some families refuse an indented call (a correction): never an answer.
            else expect(tools ?? [tool], `${dialect.name}: ${laidOut}`).toEqual([tool]);
          }
        }),
        { numRuns: 3 },
      );
    }
  });

  it('2b. completeness, Gemma values without quote tokens: read only when the end token and } close them, never when cut off or holding `,key:`', () => {
    const loose = [
      (key: string, value: string) => `${key}:${value}`,
      (key: string, value: string) => `${key}:<|"|>${value}`,
    ];
    const text = fc.stringMatching(/^[a-z][a-z./ ]{0,12}[a-z]$/);
    fc.assert(
      fc.property(fc.constantFrom(...loose), fc.constantFrom(...keys), text, fc.nat(), (write, key, value, at) => {
        const whole = `<|tool_call>call:read_file{${write(key, value)}}<tool_call|>`;
        expect(calls(whole)).toEqual([expect.objectContaining({ tool: 'read_file', args: { [key]: value } })]);
        // Cut anywhere before the end token: never run.
        noCall(whole.slice(0, whole.indexOf('{') + 1 + (at % (whole.indexOf('<tool_call|>') - whole.indexOf('{')))));
        // A second `,key:` inside the value: one text or two arguments, refused.
        const [other = 'city'] = keys.filter((candidate) => candidate !== key);
        noCall(`<|tool_call>call:read_file{${write(key, `${value},${other}:${value}`)}}<tool_call|>`);
      }),
      { numRuns: RUNS },
    );
  });

  it('2d. completeness, JSON closed by a tag: </tool_call> or </function> right after a cut inside the arguments never runs the call', () => {
    fc.assert(
      fc.property(fc.constantFrom(...toolNames), fc.constantFrom(...keys), word, fc.nat(), (tool, key, value, at) => {
        const object = json({ name: tool, arguments: { [key]: value } });
        const from = object.indexOf('"arguments"');
        // Any cut from the arguments key up to (not including) the arguments' own closing brace.
        const cut = object.slice(0, from + (at % (object.length - 1 - from)));
        noCall(`<tool_call>${cut}</tool_call>`);
        noCall(`<tool_call>\n${cut}\n</tool_call>`);
        // The same for an arguments object closed by its tag, cut anywhere from its last key to before
        // that value's own closing bracket.
        const args = json({ [key]: value, more: [value] });
        const last = args.indexOf('"more"');
        noCall(`<function=${tool}>${args.slice(0, last + (at % (args.length - 1 - last)))}</function>`);
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it("2c. completeness, Gemma '-quoted values: read when closed before , or }, never when cut inside or ended by an apostrophe", () => {
    const text = fc.stringMatching(/^[a-z][a-z./ ]{0,12}[a-z]$/);
    fc.assert(
      fc.property(fc.constantFrom(...keys), text, text, fc.nat(), (key, value, more, at) => {
        const head = `<|tool_call>call:read_file{${key}:'`;
        expect(calls(`${head}${value}'}<tool_call|>`)).toEqual([expect.objectContaining({ tool: 'read_file', args: { [key]: value } })]);
        noCall(head + value.slice(0, at % value.length));
        // `'it's'`: the first quote closes, and what follows cannot follow a value.
        noCall(`${head}${value}'${more}'}<tool_call|>`);
      }),
      { numRuns: RUNS },
    );
  });

  it("1n. coverage: a tool's turn the model invented after its own turn ended is no part of the reply: the calls before it run, nothing after", () => {
    // The end of the model's turn and a tool's turn opened after it, in each chat template (`invented-tool-turn.ts`).
    const inventedTurns = [
      () => `<|im_end|>\n<|im_start|>tool\n`,
      () => `<|im_end|>\n<|im_start|>user\n<tool_response>\n`,
      () => `<|eot_id|><|start_header_id|>ipython<|end_header_id|>\n\n`,
      () => `</s>[TOOL_RESULTS]`,
      () => `<｜end▁of▁sentence｜><｜tool▁outputs▁begin｜><｜tool▁output▁begin｜>`,
      () => `<|end_of_text|>\n<|start_of_role|>tool<|end_of_role|>`,
    ];
    // Harmony's: the call's own `<|call|>` ends the turn, and the tool's message is addressed back.
    const harmonyTurn = (tool: string) => `\n<|start|>functions.${tool} to=assistant<|channel|>commentary<|message|>`;
    // Qwen's and Hermes' tool turn with its special tokens dropped by the detokenizer: the call's close ends the turn.
    const bareToolResponse = () => `\nuser\n<tool_response>\n`;
    fc.assert(
      fc.property(fc.constantFrom(...writers, ...tokenWriters), fc.constantFrom(...toolNames), argsArbitrary, fc.constantFrom(...inventedTurns, harmonyTurn, bareToolResponse), word, argsArbitrary, (dialect, tool, args, turn, result, later) => {
        const call = dialect.write(tool, args);
        const alone = calls(call);
        fc.pre(alone?.length === 1 && (turn !== harmonyTurn || call.endsWith('<|call|>')) && (turn !== bareToolResponse || call.trimEnd().endsWith('</tool_call>')));
        // The invented result, then a call the model went on to make on it: neither is the model's reply.
        const text = `${call}${turn(tool)}{"result": "${result}"}\n${dialect.write(tool, later)}`;
        expect(calls(text, 2), `${dialect.name}: ${text}`).toEqual(alone);
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('reads each writer on its own (the properties above are not passed by refusing everything)', () => {
    for (const dialect of writers) expect([dialect.name, calls(dialect.write('get_weather', { city: 'oslo' }))?.length]).toEqual([dialect.name, 1]);
  });
});
