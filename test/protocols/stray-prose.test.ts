/**
 * Coverage after the calls (invariant 1, `stray-prose.ts`): in every dialect, the prose around the
 * calls read (before, between, after) is checked like an answer. A special token or a call attempt
 * there is refused with a correction naming it; the dialect's own framing next to its calls, plain
 * prose and an end-of-turn token at the very end are kept as before. Text after an end-of-turn
 * token is refused, naming the token.
 */
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [
  { name: 'get_weather', inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
  { name: 'get_time', inputSchema: { type: 'object', properties: {} } },
];
const oslo = { city: 'Oslo' };

/** The calls read, as `[tool, args]`; the correction's message when refused. */
function read(text: string, protocol: 'native' | 'xml' | 'json' = 'native'): Array<[string, unknown]> | string {
  const result = parseDecision(protocol, text, { tools, maxActions: 3 });
  if (!result.success) return result.error.message;
  return result.decisions.flatMap((decision) => (decision.action === 'call_tool' ? [[decision.tool, decision.args] as [string, unknown]] : []));
}

/** Each family's call of `get_weather {city: "Oslo"}`, with the framing its template writes. */
const families: ReadonlyArray<readonly [string, string]> = [
  ['Hermes', '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Oslo"}}\n</tool_call>'],
  ['Mistral v11', '[TOOL_CALLS]get_weather[CALL_ID]a1b2c3d4e[ARGS]{"city": "Oslo"}'],
  ['Mistral list', '[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Oslo"}}]'],
  ['Llama 3 python_tag', '<|python_tag|>{"name": "get_weather", "parameters": {"city": "Oslo"}}'],
  ['Llama 4 JSON in python_start', '<|python_start|>{"name": "get_weather", "parameters": {"city": "Oslo"}}<|python_end|>'],
  ['Granite', '<|tool_call|>[{"name": "get_weather", "arguments": {"city": "Oslo"}}]'],
  ['InternLM', '<|action_start|><|plugin|>{"name": "get_weather", "parameters": {"city": "Oslo"}}<|action_end|>'],
  ['Kimi K2 sections', '<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "Oslo"}<|tool_call_end|><|tool_calls_section_end|>'],
  ['DeepSeek V3', '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"city": "Oslo"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>'],
  ['DeepSeek V3.1', '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"city": "Oslo"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>'],
  ['GLM', '<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Oslo</arg_value>\n</tool_call>'],
  ['GLM key=value', '<tool_call>get_weather city="Oslo"</tool_call>'],
  ['Qwen3-Coder', '<tool_call>\n<function=get_weather>\n<parameter=city>\nOslo\n</parameter>\n</function>\n</tool_call>'],
  ['MiniMax', '<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="city">Oslo</parameter>\n</invoke>\n</minimax:tool_call>'],
  ['StepFun Step 3', '<｜tool_calls_begin｜><｜tool_call_begin｜><steptml:invoke name="get_weather"><steptml:parameter name="city">Oslo</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>'],
  ['harmony', '<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city": "Oslo"}<|call|>'],
  ['Gemma 4', '<|tool_call>call:get_weather{city:<|"|>Oslo<|"|>}<tool_call|>'],
  ['LFM2', '<|tool_call_start|>[get_weather(city="Oslo")]<|tool_call_end|>'],
  ['pythonic list', '[get_weather(city="Oslo")]'],
  ['Kimi K3', '<|open|>tools<|sep|><|open|>call tool="get_weather"<|sep|><|open|>argument key="city" type="string"<|sep|>Oslo<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|>'],
  ['MuseGlimmer', '<|start|>assistant to=get_weather<|message|><atem:function_calls>\n<atem:invoke name="get_weather">\n<atem:parameter name="city">Oslo</atem:parameter>\n</atem:invoke>\n</atem:function_calls><|eom|>'],
  ['Solar Open', '<|tool_calls|><|tool_call:begin|>0<|tool_call:name|>get_weather<|tool_call:args|>{"city": "Oslo"}<|tool_call:end|>'],
  ['tool-name tags', '<get_weather><city>Oslo</city></get_weather>'],
  ['tool-name line', 'get_weather:\n<city>Oslo</city>'],
  ['Continue', '```tool\nTOOL_NAME: get_weather\nBEGIN_ARG: city\nOslo\nEND_ARG\n```'],
  ['xml tool_code', '<tool_code>\n<name>get_weather</name>\n<parameters>{"city": "Oslo"}</parameters>\n</tool_code>'],
  ['reins json', '{"action": "call_tool", "tool": "get_weather", "args": {"city": "Oslo"}, "reason": "x"}'],
  ['reins line', 'FUNCTION_CALL: get_weather|Oslo'],
  ['ReAct', 'Thought: I need the weather.\nAction: get_weather\nAction Input: {"city": "Oslo"}'],
  ['LangChain JSON agent', '```json\n{"action": "get_weather", "action_input": {"city": "Oslo"}}\n```'],
  ['LangChain XML agent', '<tool>get_weather</tool><tool_input>{"city": "Oslo"}</tool_input>'],
];

/** Families whose call must be the whole reply or start it (a pythonic list unwrapped; a MuseGlimmer message): their readers refuse prose around them already. */
const wholeReply = new Set(['pythonic list', 'MuseGlimmer']);
const withProse = families.filter(([name]) => !wholeReply.has(name));

describe('prose around the calls read, in every dialect', () => {
  it.each(families)('%s: the call alone, and with an end-of-turn token at the end, is read', (_name, call) => {
    expect(read(call)).toEqual([['get_weather', oslo]]);
    expect(read(`${call}<|im_end|>`)).toEqual([['get_weather', oslo]]);
  });

  it.each(withProse)('%s: plain prose before and after the call is kept', (_name, call) => {
    expect(read(`Let me check.\n${call}\nI will report back.`)).toEqual([['get_weather', oslo]]);
  });

  it.each(families)('%s: a special token after the call is refused, naming it', (_name, call) => {
    expect(read(`${call}\n<|foo|>`)).toMatch(/special token <\|foo\|>/);
    expect(read(`${call}\nDone <|endoftext|> more`)).toMatch(/<\|endoftext\|>/);
  });

  it.each(withProse)('%s: a special token before the call is refused, naming it', (_name, call) => {
    expect(read(`Checking <|foo|> now.\n${call}`)).toMatch(/special token <\|foo\|>/);
  });

  it.each(families)('%s: text after an end-of-turn token is refused, naming the token', (_name, call) => {
    expect(read(`${call}\n<|im_end|>garbage`)).toMatch(/<\|im_end\|>/);
  });

  it.each(families)('%s: a call attempt in another dialect after the call is refused', (_name, call) => {
    const text = `${call}\nand then <|python_tag|>{"name": "get_time", "parameters": `;
    expect(read(text)).toEqual(expect.any(String));
  });
});

describe('the examples of the issue', () => {
  it.each([
    ['<tool_call>{"name":"get_weather","arguments":{"city":"Oslo"}}</tool_call><|foo|>', '<|foo|>'],
    ['<tool_call>{"name":"get_weather","arguments":{"city":"Oslo"}}</tool_call> then <|python_tag|>', '<|python_tag|>'],
    ['[TOOL_CALLS]get_weather{"city":"Oslo"}<|im_end|>garbage', '<|im_end|>'],
    ['<|python_tag|>{"name":"get_weather","parameters":{"city":"Oslo"}}<|eom_id|><|foo|>', '<|foo|>'],
    ['I will call it. <tool_call>\n{"name": "get_weather", "arguments": {"city": "Oslo"}}\n</tool_call>\nDone <|endoftext|> more', '<|endoftext|>'],
  ])('refuses %j, naming %s', (text, token) => {
    for (const protocol of ['native', 'xml', 'json'] as const) expect(read(text, protocol)).toContain(token);
  });
});

describe('framing next to the calls is kept', () => {
  it('reads two calls with the family framing between them', () => {
    const call = (city: string) => `<|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "${city}"}<|tool_call_end|>`;
    expect(read(`<|tool_calls_section_begin|>${call('Oslo')}${call('Bergen')}<|tool_calls_section_end|>`)).toEqual([
      ['get_weather', oslo],
      ['get_weather', { city: 'Bergen' }],
    ]);
    expect(read('<|python_tag|>{"name": "get_weather", "parameters": {"city": "Oslo"}}<|eom_id|>\n<|python_tag|>{"name": "get_time", "parameters": {}}')).toEqual([
      ['get_weather', oslo],
      ['get_time', {}],
    ]);
  });

  it('refuses text after a family end token that ends the turn (Llama 3 <|eom_id|>)', () => {
    expect(read('<|python_tag|>{"name": "get_weather", "parameters": {"city": "Oslo"}}<|eom_id|>garbage')).toMatch(/after the end-of-turn token <\|eom_id\|>/);
    expect(read('<|python_tag|>{"name": "get_weather", "parameters": {"city": "Oslo"}}<|eom_id|><|foo|>')).toMatch(/<\|eom_id\|>.*<\|foo\|>/);
  });

  it('refuses the framing of another family, or framing away from any call', () => {
    expect(read('<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}}</tool_call>\n<|tool_calls_section_end|>')).toMatch(/<\|tool_call/);
    expect(read('<|python_tag|>{"name": "get_weather", "parameters": {"city": "Oslo"}}\nAnd now <|python_tag|> again.')).toMatch(/<\|python_tag\|>/);
  });

  it.each(['<|python_tag|>', '<|python_start|>', '<|tool_call|>', '<|plugin|>', '<|action_start|>', '<|tools_prefix|>', '<|message_sep|>', '[TOOL_CALLS]', '<tool_call>'])(
    'refuses a call-opening token %s after a JSON call when text follows it (a call that was not read), and keeps it between calls',
    (opener) => {
      const call = (tool: string, args: string) => `{"name": "${tool}", "parameters": ${args}}`;
      const weather = call('get_weather', '{"city": "Oslo"}');
      expect(read(`${weather}\n${opener} lookup the time`)).toEqual(expect.any(String));
      // Between two calls of one form it is framing; a wrapper of another family's form is refused as mixed forms.
      if (!['[TOOL_CALLS]', '<tool_call>'].includes(opener)) {
        expect(read(`${weather}\n${opener}${call('get_time', '{}')}`)).toEqual([
          ['get_weather', oslo],
          ['get_time', {}],
        ]);
      }
      expect(read(`${weather}\n${opener}`)).toEqual([['get_weather', oslo]]);
    },
  );

  it('names the opening token left after a JSON call', () => {
    expect(read('{"name": "get_weather", "parameters": {"city": "Oslo"}}\n<|plugin|> lookup the time')).toMatch(/<\|plugin\|>/);
    expect(read('{"name": "get_weather", "parameters": {"city": "Oslo"}}\n<|python_tag|> lookup the time')).toMatch(/<\|python_tag\|>/);
  });

  it('keeps a closing token after a JSON call with prose after it', () => {
    expect(read('<|python_start|>{"name": "get_weather", "parameters": {"city": "Oslo"}}<|python_end|> Checking now.')).toEqual([['get_weather', oslo]]);
    expect(read('<|action_start|><|plugin|>{"name": "get_weather", "parameters": {"city": "Oslo"}}<|action_end|>\nChecking now.')).toEqual([['get_weather', oslo]]);
  });

  it('keeps a special token inside a value, and prose that only mentions a token in code', () => {
    expect(read('<tool_call>{"name": "get_weather", "arguments": {"city": "<|foo|>"}}</tool_call>')).toEqual([['get_weather', { city: '<|foo|>' }]]);
    expect(read('<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}}</tool_call>\nThe call ends with `<|im_end|>` in the template.')).toEqual([['get_weather', oslo]]);
  });

  it('keeps an Inkling text message beside its call', () => {
    const text = '<|message_model|>get_weather<|content_invoke_tool_json|>{"name":"get_weather","args":{"city":"Oslo"}}<|end_message|><|message_model|><|content_text|>Here you go.<|end_message|>';
    expect(read(text)).toEqual([['get_weather', oslo]]);
  });
});
