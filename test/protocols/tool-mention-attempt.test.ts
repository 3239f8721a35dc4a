/**
 * Calls in spellings no reader knows (`tool-mention-attempt.ts`, `nameless-arguments.ts`): an offered
 * tool's name written with call structure beside it, or a reply that is nothing but one tool's valid
 * arguments, is corrected, never answered; prose that only mentions a tool stays the answer.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [
  { name: 'find_ferry', inputSchema: { type: 'object', properties: { port: { type: 'string' }, day: { type: 'string' } }, required: ['port'] } },
  { name: 'roll_die', inputSchema: { type: 'object', properties: {} } },
];
const parse = (text: string, protocol: 'native' | 'xml' = 'native') => parseDecision(protocol, text, { tools });
const answered = (text: string, protocol: 'native' | 'xml' = 'native') => {
  const result = parse(text, protocol);
  return result.success && result.decision.action === 'answer_user';
};

describe('an offered tool named with call structure is a call attempt', () => {
  it.each([
    ['the name, then `(` and a positional value', 'Booking: find_ferry("Bergen") please'],
    ['the name, then `(` and a keyword', 'I will go with find_ferry(port=Bergen) now.'],
    ['the name inside another call', 'invoke(find_ferry, port="Bergen")'],
    ['the name as a JSON value under any key', '{"step": "find_ferry", "where": "Bergen"}'],
    ['a tool without parameters named as a JSON value', 'Sure!\n{"do": "roll_die"}'],
    ['the name as a JSON key', '{"find_ferry": {"port": "Bergen"}}'],
    ['the name as an attribute of an element named for a call', '<call name="find_ferry">Bergen</call>'],
    ['the name, an arrow and its arguments', 'find_ferry -> {"port": "Bergen"}'],
    ['the name in brackets and a parameter as k=v', '[find_ferry] port=Bergen day=Monday'],
    ['the name on one line, a parameter key on the next', 'Running find_ferry\n  "port": "Bergen"'],
    ['the name as an element, then a parameter element and one no reader takes', 'On it. <do_step><name>find_ferry</name><port>Bergen</port><pace>fast</pace></do_step> Done soon.'],
    ['the name as an element, then a parameter element cut off', 'Checking <go>\n  <tool_name> find_ferry </tool_name>\n  <day>Mon'],
    ['the name, then a parameter as a command-line flag', 'find_ferry --port Bergen'],
    ['the name after a shell prompt, then a flag with its value', '$ find_ferry --day=Monday'],
    ['the name, then a parameter as a closed element', 'find_ferry<port>Bergen</port>'],
    ['the name, then at once a parameter as a bare key', 'find_ferry port: Bergen'],
    ['the name as an element, then parameter elements inside an arguments element', '<job>\n<name>find_ferry</name>\n<parameters><port>Bergen</port></parameters>\n</job>'],
    ['the name alone on a line, then a fenced object of its arguments', 'find_ferry\n```json\n{"port": "Bergen", "day": "Monday"}\n```'],
    ['the same with the name in bold and a colon, after prose', 'Let me look.\n\n**find_ferry**:\n```\n{"port": "Bergen"}\n```'],
    ['the same under `<arguments>`, one parameter per line', 'Booking.\n<op><name>find_ferry</name><arguments>\n  <port>Bergen</port>\n  <day>Monday</day>\n</arguments></op>'],
    ['DeepSeek V3\'s call with its tokens dropped: the type word `function` glued to the name', 'functionfind_ferry\n```json\n{"port": "Bergen"}\n```'],
    ['DeepSeek V3\'s call with its tokens dropped, a space after `function`', 'function find_ferry\n```json\n{"port": "Bergen", "day": "Monday"}\n```'],
    ['the whole call in square brackets, its argument bare text', 'The next boat [find_ferry(Bergen harbour)] leaves soon.'],
    ['a call ending its line, its arguments variables', 'Booking now: find_ferry(harbour, weekday)'],
    ['a call alone, its argument a variable, for a tool without parameters', 'roll_die(sides)'],
  ])('%s', (_label, text) => {
    for (const protocol of ['native', 'xml'] as const) {
      const result = parse(text, protocol);
      expect(result.success, `${protocol}: ${text}`).toBe(false);
      if (!result.success) expect(result.error.message).toMatch(/call of `(?:find_ferry|roll_die)` that could not be read/);
    }
  });

  it('a reply that is only valid arguments of a tool with required parameters names that tool in its correction', () => {
    for (const text of ['{"port": "Bergen", "day": "Monday"}', '```json\n{"port": "Bergen"}\n```', '{"port": "Bergen"}\nHope that helps!', "{'port': 'Bergen',}"]) {
      expect(parse(text), text).toMatchObject({ success: false, error: { message: expect.stringContaining('arguments of `find_ferry` but names no tool') } });
    }
  });

  it('names every tool such arguments fit, and no tool when several do', () => {
    const twins: ToolSpec[] = ['book_seat', 'hold_seat'].map((name) => ({ name, inputSchema: { type: 'object', properties: { seat: { type: 'string' } }, required: ['seat'] } }));
    const result = parseDecision('native', '{"seat": "12A"}', { tools: twins });
    expect(result).toMatchObject({ success: false, error: { message: expect.stringContaining('`book_seat` or `hold_seat`') } });
    expect(!result.success && result.error.toolName).toBeUndefined();
  });
});

describe('prose that mentions a tool stays the answer', () => {
  it.each([
    ['a mention in a sentence', 'I asked find_ferry earlier; the boat leaves at nine.'],
    ['a function named with empty parentheses', 'The find_ferry() tool needs a port, which one?'],
    ['a name set in an element for emphasis', 'Press <b>find_ferry</b> again to retry.'],
    ['a definition echoed as elements', 'It is <tool><name>find_ferry</name><description>Finds a ferry.</description></tool>.'],
    ['a name element followed by prose', 'Tool: <name>find_ferry</name> port is optional here.'],
    ['a name in a sentence, then a fenced object of its arguments', 'I would use find_ferry.\n```json\n{"port": "Bergen"}\n```'],
    ['a name line, then a fenced object with a key the tool does not declare', 'find_ferry\n```json\n{"port": "Bergen", "price": 40}\n```'],
    ['a name line inside a code block, then a fenced object', 'Example:\n```\nfind_ferry\n```\n```json\n{"port": "Bergen"}\n```'],
    ['a name element, then an arguments element of prose', 'Tool: <name>find_ferry</name><parameters>a port and a day</parameters> in short.'],
    ['a call quoted as inline code', 'Write `find_ferry(port="Bergen")` to book.'],
    ['a call in a fenced example', 'For example:\n```\nfind_ferry(port="Bergen")\n```\nthen wait.'],
    ['an echoed tool definition', 'It is declared as {"type": "function", "function": {"name": "find_ferry", "description": "Finds a ferry."}}.'],
    ['JSON data with a key no tool declares', '{"port": "Bergen", "departs": "09:00"}'],
    ['JSON data missing a required parameter', '{"day": "Monday"}'],
    ['arguments quoted after words', 'You asked for {"port": "Bergen"} earlier.'],
    ['JSON data whose value breaks the schema', '{"port": 42}'],
    ['a longer identifier holding the name', 'See find_ferry_v2(port="x") and my_roll_die("y") in the docs.'],
    ['a usage line with a placeholder element', 'Usage: find_ferry <port> finds the next boat.'],
    ['a hyphenated sentence naming the tool', 'find_ferry is a well-known, long-standing helper.'],
    ['a flag of no declared parameter', 'find_ferry --verbose prints more.'],
    ['a parameter word later in a sentence', 'find_ferry needs a port: any Norwegian one works.'],
    ['a bracketed signature naming only declared parameters', 'The signature is [find_ferry(port, day)] in the manual.'],
    ['a signature ending its line, naming only declared parameters', 'Its signature:\nfind_ferry(port, day)'],
    ['a call with variable arguments inside a sentence', 'The find_ferry(harbour) helper is slow today.'],
    ['a bracketed call as a markdown link text', 'See [find_ferry(Bergen)](https://example.org/ferry) for details.'],
  ])('%s', (_label, text) => {
    expect(answered(text), text).toBe(true);
  });

  it('a plan beside a call read may name that call with its arguments', () => {
    const text = 'Thought: I will call find_ferry(port="Bergen") now.\n<tool_call>\n{"name": "find_ferry", "arguments": {"port": "Bergen"}}\n</tool_call>';
    expect(parse(text)).toMatchObject({ success: true, decision: { action: 'call_tool', tool: 'find_ferry', args: { port: 'Bergen' } } });
  });
});

describe('property: a call in an unknown wrapper is never the answer (fast-check)', () => {
  const filler = fc.stringMatching(/^[A-Za-z ,.!?:;\n-]{0,24}$/);
  const port = fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,11}$/);
  const shapes = [
    (args: string) => `find_ferry(${args})`,
    (args: string) => `{"call": "find_ferry", "with": ${args}}`,
    (args: string) => `find_ferry => ${args}`,
    (args: string) => `<run tool="find_ferry">${args}</run>`,
    (args: string) => `<act><name>find_ferry</name><port>${args}</port></act>`,
    (args: string) => `<act><name>find_ferry</name><parameters><port>${args}</port></parameters></act>`,
    (args: string) => `<act>\n  <tool_name>find_ferry</tool_name>\n  <args>\n    <port>${args}</port>\n  </args>\n</act>`,
    (args: string) => `\nfind_ferry\n\`\`\`json\n${JSON.stringify({ port: args })}\n\`\`\`\n`,
  ];

  it('whatever prose is around it: read as a call of that tool, or refused', () => {
    fc.assert(
      fc.property(filler, filler, port, fc.constantFrom(...shapes), (before, after, value, shape) => {
        const text = `${before} ${shape(JSON.stringify({ port: value }))} ${after}`;
        const result = parse(text);
        if (result.success) expect(result.decision).toMatchObject({ action: 'call_tool', tool: 'find_ferry' });
      }),
    );
  });

  it('a call ending its line with variable arguments is never the answer; its signature is (fast-check)', () => {
    const variable = fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/).filter((word) => word !== 'port' && word !== 'day');
    fc.assert(
      fc.property(filler, fc.array(variable, { minLength: 1, maxLength: 3 }), (before, words) => {
        const call = `find_ferry(${words.join(', ')})`;
        expect(answered(`${before}\n${call}`), call).toBe(false);
        expect(answered(`${before}\nfind_ferry(port, day)`)).toBe(true);
      }),
    );
  });

  it('prose of words and punctuation that mentions the tools is always the answer', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(filler, fc.constantFrom('find_ferry', 'roll_die', 'find_ferry()')), { maxLength: 8 }), (pieces) => {
        const text = `Note: ${pieces.join(' ')}.`;
        expect(answered(text), text).toBe(true);
      }),
    );
  });
});
