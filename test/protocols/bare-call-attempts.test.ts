/**
 * Calls whose wrapper tokens are gone (a detokenizer that skips special tokens, or a server that hands
 * on only the text between a family's start and end tokens), and call markup spelled with other bars
 * or namespaces: never answered as prose. A reply that is only such calls of offered tools (Gemma
 * `call:name{..}`, Mistral `name[ARGS]{..}`, GLM `name<arg_key>..` and `name k=v`, LongCat, Hunyuan's
 * `<tool_call:opensource>`) is read as the family reads them wrapped; such a call after prose is a
 * call attempt (corrected), except a Kimi K2 head with its namespace (`functions.name:0{..}`), whose
 * head and object mark the call's extent (read among prose); quoted as code it stays talk about a call.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDecision } from '../../src/protocols/index.ts';

const tools = ['lookup_city', 'sum_pair', 'note-taker'].map((name) => ({ name, inputSchema: { type: 'object' } }));
const parse = (text: string) => parseDecision('native', text, { tools });
const answered = (text: string) => {
  const result = parse(text);
  return result.success && result.decisions.some((decision) => decision.action === 'answer_user');
};

describe('bare calls are call attempts, never the answer', () => {
  it.each([
    ['Gemma without its tokens', 'call:sum_pair{left:4,right:9}', { tool: 'sum_pair', args: { left: 4, right: 9 } }],
    ['FunctionGemma without its tokens', 'call:lookup_city{name:<escape>Lima<escape>}', { tool: 'lookup_city', args: { name: 'Lima' } }],
    ['Gemma 4, two calls', 'call:lookup_city{name:<|"|>Lima<|"|>}call:lookup_city{name:<|"|>Quito<|"|>}', { tool: 'lookup_city', args: { name: 'Lima' } }],
    ['Mistral v11 without [TOOL_CALLS]', ' note-taker[ARGS]{"text": "buy milk"}\n', { tool: 'note-taker', args: { text: 'buy milk' } }],
    ['GLM without <tool_call>', 'lookup_city<arg_key>name</arg_key><arg_value>Lima</arg_value>', { tool: 'lookup_city', args: { name: 'Lima' } }],
    ['a GLM name k=v line', 'sum_pair left=4 right=9', { tool: 'sum_pair', args: { left: '4', right: '9' } }],
    ['LongCat without <longcat_tool_call>', 'lookup_city<longcat_arg_key>name</longcat_arg_key>\n<longcat_arg_value>Lima</longcat_arg_value>', { tool: 'lookup_city', args: { name: 'Lima' } }],
    [
      'Hunyuan with namespaced tags',
      '<tool_call:opensource>lookup_city<tool_sep:opensource>\n<arg_key:opensource>name</arg_key:opensource>\n<arg_value:opensource>Lima</arg_value:opensource>\n</tool_call:opensource>',
      { tool: 'lookup_city', args: { name: 'Lima' } },
    ],
    ['Kimi K2 without its tokens', 'functions.lookup_city:0{"name": "Lima"}', { tool: 'lookup_city', args: { name: 'Lima' } }],
    ['Kimi K2, two calls, namespace left out', 'lookup_city:0 {"name": "Lima"}\nsum_pair:1 {"left": 4}', { tool: 'lookup_city', args: { name: 'Lima' } }],
  ])('a reply that is only %s is read as the family reads it wrapped', (_label, text, first) => {
    const result = parseDecision('native', text, { tools, maxActions: 2 });
    expect(result.success && result.decisions[0]).toMatchObject({ action: 'call_tool', ...first });
  });

  it.each([
    ['a GLM name k=v line after prose', 'Adding now.\nsum_pair left=4 right=9', 'sum_pair'],
    ['a Gemma call after prose', 'I will add them.\ncall:sum_pair{left:4,right:9}', 'sum_pair'],
    ['a Mistral call after prose', 'Saving it: note-taker[ARGS]{"text": "buy milk"}', 'note-taker'],
    ['a Gemma call cut off', 'call:lookup_city{name:<|"|>Li', 'lookup_city'],
    ['a Kimi K2 call of a tool not offered', 'functions.weather:0{"city": "Lima"}', 'functions.name:0'],
    ['a JavaScript-style call with a JSON object', 'Sure: functions.lookup_city({"name": "Lima"})', 'lookup_city'],
    ['a name, a colon and JSON arguments', 'lookup_city: {"name": "Lima"}', 'lookup_city'],
  ])('%s is corrected, naming the tool', (_label, text, tool) => {
    const result = parse(text);
    expect(result.success).toBe(false);
    expect(!result.success && result.error.message).toContain(tool);
  });

  it('keeps prose that merely uses the words, and a bare call quoted as code', () => {
    for (const text of [
      'Call sum_pair with two numbers, then look at the result.',
      'The pair left=4 right=9 sums to 13.',
      'Write `call:sum_pair{left:4,right:9}` to add them.',
      'Example:\n```\nsum_pair[ARGS]{"left": 4}\n```\nThat is the form.',
      'call:unknown_tool{x:1}',
      'The tool lookup_city: it finds a city by name.',
      'Call `lookup_city({"name": "Lima"})` to find it.',
    ]) expect(answered(text), text).toBe(true);
  });

  it('corrects a pythonic call of an offered tool whose list brackets are mistyped, and answers prose that mentions one', () => {
    for (const text of ['  {lookup_city(name="Lima")}', '[lookup_city{name="Lima"}]', 'Call: sum_pair(left=4, right=9); lookup_city(name="Lima")']) {
      const result = parse(text);
      expect(result.success, text).toBe(false);
      if (!result.success) expect(result.error.message, text).toMatch(/call of `[\w-]+` that could not be read/);
    }
    // Inside a sentence a call with its arguments is still a call (`tool-mention-attempt.ts`); quoted as code, or without arguments, it is prose.
    expect(parse('You could run sum_pair(left=4, right=9) yourself.').success).toBe(false);
    for (const text of ['Use `lookup_city(name="Lima")` for that.', 'sum_pair() adds two numbers.']) expect(answered(text), text).toBe(true);
  });

  it('corrects a pythonic call inside other code or markup and a `/name k=v` command, never answering them', () => {
    for (const text of ['print(sum_pair(left=4, right=9))', 'total = await sum_pair(left=4, right=9)', '<run>lookup_city(name="Lima")</run> now', '/sum_pair left=4 right=9']) {
      expect([text, parse(text).success]).toEqual([text, false]);
    }
    for (const text of ['`print(sum_pair(left=4, right=9))` prints 13.', 'The check (x == sum_pair(a)) holds.', 'Paths like /sum_pair are routes.']) expect(answered(text), text).toBe(true);
  });

  it('corrects keyword arguments after a template or command opener, a name in brackets or before an arrow, and `$name(k=..)`', () => {
    for (const text of ['{{lookup_city name="Lima"}}', 'Plan:\n{{set "c" (lookup_city name="Lima")}}\n{{json c}}', '@sum_pair left=4 right=9', '[lookup_city]{"name": "Lima"}', 'lookup_city -> {"name": "Lima"}', '$sum_pair(left=4, right=9)']) {
      expect([text, parse(text).success]).toEqual([text, false]);
    }
    for (const text of ['Use `{{lookup_city name="Lima"}}` in a plan.', 'Email @sum_pair about it.', 'The arrow -> {"a": 1} maps.']) expect(answered(text), text).toBe(true);
  });

  it('corrects a fence labelled with an offered tool\'s name, and keeps a fence labelled with a language', () => {
    const result = parse('```lookup_city\n{"name": "Lima"}\n```');
    expect(result).toMatchObject({ success: false, error: { message: expect.stringContaining('fence labelled `lookup_city`') } });
    const python = parseDecision('native', '```python\nprint(1 + 1)\n```', { tools: [{ name: 'python', inputSchema: { type: 'object' } }] });
    expect(python).toMatchObject({ success: true, decision: { action: 'answer_user' } });
  });

  it('corrects a label line that says "call" naming an offered tool, and a bracket action a line or a colon introduces, and answers prose around the names', () => {
    for (const text of ['Think: list the files.\n\nAct: lookup_city\n\n```bash\nls\n```', 'Command: sum_pair', 'Invoke: "note-taker"', 'Operation type: lookup_city', 'lookup_city[Lima]', 'Next I will look it up: lookup_city[Lima]', 'sum_pair[4 and 9]\nThen I add.', 'Next, the town.\n#E1 = lookup_city[Lima]', 'step=sum_pair[4 and 9]']) {
      const result = parse(text);
      expect(result.success, text).toBe(false);
      if (!result.success) expect(result.error.message, text).toMatch(/call of `[\w-]+` that could not be read/);
    }
    for (const text of ['Act: now, before it is late.', 'The tools:\n- lookup_city: finds a city\n- sum_pair: adds', 'Note: lookup_city[name] is the syntax.', 'Use lookup_city[Lima] in the form.', 'It holds when total == sum_pair[4 and 9]']) expect(answered(text), text).toBe(true);
  });

  it('corrects a Python-style call as the text of an element starting a line, and a call tag naming an offered tool in its name attribute; answers HTML and quoted tags', () => {
    for (const text of ['<think>Click it.</think>\n<step>\nlookup_city(\'Lima\')\n</step>', '<do>sum_pair(4, 9)</do>', '<call_tool name="lookup_city">Lima</call_tool>', '<use_tool id="2" tool=\'sum_pair\'>4 9</use_tool>']) {
      const result = parse(text);
      expect(result.success, text).toBe(false);
      if (!result.success) expect(result.error.message, text).toMatch(/call of `[\w-]+` that could not be read/);
    }
    for (const text of ['<a name="lookup_city">the city finder</a>', '`<call_tool name="sum_pair">4 9</call_tool>` is the syntax.', '<p>lookup_city(name) finds a city</p>']) expect(answered(text), text).toBe(true);
    // A call with a value for its argument is a call wherever it stands (`tool-mention-attempt.ts`), in an element of a sentence too.
    expect(parse('Press <kbd>lookup_city(\'x\')</kbd> to try.').success).toBe(false);
  });

  it('reads calls in a fence whose label names a call format (`call-fence.ts`), corrects any other body there, and answers the same call in a fence of code', () => {
    const read = { '```tool_code\nprint(lookup_city(name="Lima"))\n```': 'lookup_city', 'Checking.\n```tool_code\nprint(default_api.sum_pair(left=4, right=9))\n```': 'sum_pair', 'Next:\n```function_call\nnote-taker(text="milk")\n```\nDone.': 'note-taker' };
    for (const [text, tool] of Object.entries(read)) expect(parse(text), text).toMatchObject({ success: true, decisions: [{ tool }] });
    // The label says the fence is a call: a body no reader maps is corrected, never the answer.
    for (const text of ['```tool_use\nlookup_city({"name": "Lima"})\n```', '```tool_code\nprint("no tool here")\n```']) expect(parse(text).success, text).toBe(false);
    expect(answered('Try this:\n```js\nsum_pair(left = 4)\n```')).toBe(true);
    // A fence around the whole reply is layout (reading invariant 5b): the code in it calls the tool as if written bare.
    expect(parse('```python\nprint(lookup_city(name="Lima"))\n```').success).toBe(false);
  });

  it('corrects a pythonic call written with a positional literal, doubled brackets, a JSON key before it or Llama\'s `.call`, and answers prose naming the tool with identifiers', () => {
    for (const text of ['[sum_pair(4, 9)]', '{"step": lookup_city("Lima")}', '[[lookup_city(name="Lima")]]', '[(lookup_city(name="Lima"),)]', '{"step": lookup_city(name="Lima")}', 'lookup_city.call(name="Lima")', '[sum_pair([4], True)]']) {
      const result = parse(text);
      expect(result.success, text).toBe(false);
      if (!result.success) expect(result.error.message, text).toMatch(/call of `[\w-]+` that could not be read/);
    }
    for (const text of ['sum_pair(left, right) adds two numbers.', 'lookup_city(name) finds a city.', 'Use `lookup_city("Lima")` for that.']) expect(answered(text), text).toBe(true);
    // With values for its arguments it is a call even in a sentence (`tool-mention-attempt.ts`): corrected, never the answer.
    for (const text of ['Run sum_pair(4, 9) to add.', 'Example: sum_pair(4, 9) gives 13.']) expect(parse(text).success, text).toBe(false);
  });

  it('corrects DeepSeek DSML written with ASCII bars, and namespaced call tags after prose whose suffixes disagree, instead of answering with them', () => {
    for (const text of [
      '<|DSML|function_calls> <|DSML|invoke name="lookup_city"> <|DSML|parameter name="name" string="true">Lima</|DSML|parameter> </|DSML|invoke> </|DSML|function_calls>',
      'Looking it up.\n<tool_call:opensource>lookup_city<tool_sep:internal>\n<arg_key:internal>name</arg_key:internal>\n<arg_value:internal>Lima</arg_value:internal>\n</tool_call:opensource>',
    ]) {
      const result = parse(text);
      expect(result.success, text).toBe(false);
    }
  });

  it('refuses a special token in the prose beside bare calls, as beside wrapped ones (coverage)', () => {
    for (const text of ['note-taker[ARGS]{"text": "x"} <|im_sep|>', 'functions.lookup_city:0{"name": "Lima"}\n<|im_sep|>']) {
      const result = parse(text);
      expect(result.success, text).toBe(false);
      expect(!result.success && result.error.message, text).toContain('<|im_sep|>');
    }
    // Inside the block GLM's reader reads, the token is text its elements do not account for.
    expect(parse('lookup_city<arg_key>name</arg_key><arg_value>Lima</arg_value> <|im_sep|>').success).toBe(false);
  });

  it('reads a Kimi K2 call whose <|tool_call_argument_begin|> was left out before its JSON object, and corrects one with no object', () => {
    const section = (call: string) => `<|tool_calls_section_begin|><|tool_call_begin|>${call}<|tool_call_end|><|tool_calls_section_end|>`;
    expect(parse(section('functions.lookup_city:0 {"name": "Lima"}'))).toMatchObject({ success: true, decision: { tool: 'lookup_city', args: { name: 'Lima' } } });
    expect(parse(section('functions.lookup_city:0 Lima')).success).toBe(false);
  });

  it('never drops a second bare call the family reader left in the prose, and keeps a marker written inside a value', () => {
    const two = parseDecision('native', 'sum_pair[ARGS]{"left": 1, "right": 2}\nnote-taker[ARGS]{"text": "x"}', { tools, maxActions: 2 });
    expect(two.success).toBe(false);
    const quoted = parse('note-taker[ARGS]{"text": "remember sum_pair[ARGS]{} later"}');
    expect(quoted.success && quoted.decisions).toEqual([{ action: 'call_tool', tool: 'note-taker', args: { text: 'remember sum_pair[ARGS]{} later' }, reason: '' }]);
  });

  it('property: two bare calls in a reply are both read or refused, never one of them', () => {
    const shapes = [(tool: string, n: number) => `call:${tool}{n:${n}}`, (tool: string, n: number) => `${tool}[ARGS]{"n": ${n}}`];
    const name = fc.constantFrom(...tools.map((tool) => tool.name));
    fc.assert(
      fc.property(fc.constantFrom(...shapes), name, name, fc.nat(99), fc.nat(99), fc.constantFrom('', '\n', ' '), (shape, a, b, m, n, gap) => {
        const text = `${shape(a, m)}${gap}${shape(b, n)}`;
        const result = parseDecision('native', text, { tools, maxActions: 2 });
        if (result.success) expect(result.decisions.map((decision) => decision.action === 'call_tool' && decision.tool), text).toEqual([a, b]);
      }),
    );
  });

  it('property: a bare call of an offered tool, with or without prose around it, is never answered', () => {
    const name = fc.constantFrom(...tools.map((tool) => tool.name));
    const key = fc.stringMatching(/^[a-z]{2,8}$/);
    const value = fc.stringMatching(/^[A-Za-z0-9]{1,10}$/);
    const shapes = [
      (tool: string, k: string, v: string) => `call:${tool}{${k}:<escape>${v}<escape>}`,
      (tool: string, k: string, v: string) => `call:${tool}{${k}:${/^\d+$/.test(v) ? v : `<|"|>${v}<|"|>`}}`,
      (tool: string, k: string, v: string) => `${tool}[ARGS]${JSON.stringify({ [k]: v })}`,
      (tool: string, k: string, v: string) => `${tool} ${k}=${v}`,
      // A pythonic call without its list brackets, or with braces in their place.
      (tool: string, k: string, v: string) => `${tool}(${k}="${v}")`,
      (tool: string, k: string, v: string) => `{${tool}(${k}="${v}")}`,
      (tool: string, k: string, v: string) => `[${tool}{${k}="${v}"}]`,
      // A positional literal, a doubled bracket, a JSON key before it, Llama's built-in `.call`.
      (tool: string, _k: string, v: string) => `[${tool}("${v}")]`,
      (tool: string, k: string, v: string) => `[(${tool}(${k}="${v}"),)]`,
      (tool: string, k: string, v: string) => `{"${k}": ${tool}(${k}="${v}")}`,
      (tool: string, k: string, v: string) => `${tool}.call(${k}="${v}")`,
      // A label line that says "call" (AgentBench's `Act:`), a bracket action on its own line.
      (tool: string) => `Act: ${tool}`,
      (tool: string, _k: string, v: string) => `${tool}[${v}]`,
      // The same assigned to a plan's evidence variable (ReWOO's `#E1 = Tool[input]`).
      (tool: string, _k: string, v: string) => `Plan: look it up.\n#E1 = ${tool}[${v}]`,
      // A call as an element's text, a call tag naming the tool.
      (tool: string, k: string, v: string) => `<act>\n${tool}(${k}='${v}')\n</act>`,
      (tool: string, _k: string, v: string) => `<call_tool name="${tool}">${v}</call_tool>`,
      // A call in a fence labelled with a call format (Gemma 3's tool_code).
      (tool: string, k: string, v: string) => `\`\`\`tool_code\nprint(${tool}(${k}="${v}"))\n\`\`\``,
      // The same as another call's argument (Gemini's tool_code), and a YAML mapping under the name.
      (tool: string, k: string, v: string) => `print(${tool}(${k}="${v}"))`,
      (tool: string, k: string, v: string) => `${tool}:\n  ${k}: ${v}`,
      (tool: string, k: string, v: string) => `**Tool call:** ${tool}\n**Input:** ${JSON.stringify({ [k]: v })}`,
    ];
    const around = fc.constantFrom(['', ''], ['Sure.\n', ''], ['', '\nDone.'], ['Let me check.\n', '\nThen I answer.']);
    fc.assert(
      fc.property(fc.constantFrom(...shapes), name, key, value, around, (shape, tool, k, v, [before, after]) => {
        const text = `${before}${shape(tool, k, v)}${after}`;
        const result = parse(text);
        if (result.success) expect(result.decisions.every((decision) => decision.action === 'call_tool' && decision.tool === tool), text).toBe(true);
      }),
    );
  });

  it('keeps prose that only resembles these shapes as the answer', () => {
    for (const text of ['Results:\n  first: 1', 'lookup_city: use it for towns\n  more below', 'lookup_city:\n  - Lima\n  - Quito', '**Tool:** a spanner']) {
      expect(answered(text), text).toBe(true);
    }
  });
});

describe('Kimi K2 calls whose tokens were dropped, among prose (kimi-heads-in-prose.ts)', () => {
  const calls = (text: string) => {
    const result = parseDecision('native', text, { tools, maxActions: 3 });
    return result.success ? result.decisions : result.error.message;
  };

  it('reads each namespaced head and its object wherever it stands, prose before, between and after', () => {
    expect(calls('Looking it up: functions.lookup_city:0{"name": "Lima"}')).toEqual([{ action: 'call_tool', tool: 'lookup_city', args: { name: 'Lima' }, reason: '' }]);
    expect(calls('Adding first.functions.sum_pair:3{"left": 1, "right": 2} then noting functions.note-taker:4{"text": "sum"} and done.')).toMatchObject([
      { tool: 'sum_pair', args: { left: 1, right: 2 } },
      { tool: 'note-taker', args: { text: 'sum' } },
    ]);
    const tokened = '<|tool_calls_section_begin|><|tool_call_begin|>functions.sum_pair:0<|tool_call_argument_begin|>{"left": 1, "right": 2}<|tool_call_end|><|tool_calls_section_end|>';
    expect(calls(`${tokened}\nAnd: functions.lookup_city:1{"name": "Quito"}`)).toMatchObject([{ tool: 'sum_pair' }, { tool: 'lookup_city', args: { name: 'Quito' } }]);
  });

  it('keeps a head written inside a value as that value, and a head quoted as code as talk about a call', () => {
    expect(calls('Saving: functions.note-taker:0{"text": "then functions.sum_pair:1{} runs"}')).toEqual([
      { action: 'call_tool', tool: 'note-taker', args: { text: 'then functions.sum_pair:1{} runs' }, reason: '' },
    ]);
    expect(calls('Write `functions.sum_pair:0{"left": 1}` to add.')).toEqual([{ action: 'answer_user', answer: 'Write `functions.sum_pair:0{"left": 1}` to add.' }]);
  });

  it('reads nothing, and corrects the reply, when one head names no offered tool or one object is cut off', () => {
    for (const text of [
      'First functions.sum_pair:0{"left": 1, "right": 2} then functions.weather:1{"city": "Lima"}',
      'First functions.sum_pair:0{"left": 1, "right": 2} then functions.lookup_city:1{"name": "Li',
      'Looking it up: functions.:0{"name": "Lima"}',
    ]) {
      expect(parse(text).success, text).toBe(false);
    }
  });

  it('never answers with a namespaced head, and reads every call it holds or none (property)', () => {
    const name = fc.constantFrom('lookup_city', 'sum_pair', 'note-taker', 'weather', '');
    const prose = fc.constantFrom('', 'Sure.', 'Checking now: ', 'Then ', ' and done.');
    const value = fc.string({ maxLength: 12 }).filter((text) => !text.includes('functions.'));
    fc.assert(
      fc.property(fc.array(fc.tuple(prose, name, value), { minLength: 1, maxLength: 3 }), prose, (parts, tail) => {
        const text = parts.map(([before, tool, text], index) => `${before}functions.${tool}:${index}${JSON.stringify({ text })}`).join(' ') + tail;
        const result = parseDecision('native', text, { tools, maxActions: 3 });
        if (!result.success) return;
        // Read: every head is a call of the tool it names, in order; never an answer carrying the heads.
        expect(result.decisions.map((decision) => (decision.action === 'call_tool' ? decision.tool : decision.action))).toEqual(parts.map(([, tool]) => tool));
      }),
    );
  });
});
