/**
 * Agent-framework forms found while measuring reins on the parser tests of agent frameworks (issue 25):
 * the ReAct bracket action (`Action: Search[..]`), a stop word cut short after an input, a JSON agent
 * input that is a fenced string, and a Kimi K2 section the reply never closes. Written for reins; no
 * harvested text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [
  { name: 'web_search', inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] } },
  { name: 'publish_note', inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } },
  { name: 'lookup', inputSchema: { type: 'object', properties: { term: { type: 'string' } }, required: ['term'] } },
];

const parse = (text: string, offered: readonly ToolSpec[] = tools) => parseDecision('native', text, { tools: offered });
const decisionOf = (text: string, offered: readonly ToolSpec[] = tools) => {
  const result = parse(text, offered);
  if (!result.success) throw new Error(`${result.error.kind}: ${result.error.message}`);
  return result.decision;
};

describe('ReAct bracket action', () => {
  it('reads `Action: tool[input]` as a call with its lone input', () => {
    expect(decisionOf('Ferry times are needed first.\nAction: web_search[Brest Ouessant ferry]')).toEqual({
      action: 'call_tool',
      tool: 'web_search',
      args: { query: 'Brest Ouessant ferry' },
      reason: 'Ferry times are needed first.',
    });
  });

  it('reads `Finish[answer]` as the answer, unless a tool has that name', () => {
    expect(decisionOf('That settles it.\nAction: Finish[41 km]')).toEqual({ action: 'answer_user', answer: '41 km' });
    const finish: ToolSpec = { name: 'Finish', inputSchema: { type: 'object', properties: { summary: { type: 'string' } } } };
    expect(decisionOf('Wrap up.\nAction: Finish[all done]', [...tools, finish])).toMatchObject({ action: 'call_tool', tool: 'Finish', args: { summary: 'all done' } });
  });

  it('corrects a bracket action naming no offered tool, never answering with it', () => {
    const result = parse('Let me try.\nAction: DropTables[users]');
    expect(result).toMatchObject({ success: false, error: { kind: 'unknown-tool' } });
  });

  it('refuses an answer given together with an action', () => {
    expect(parse('Action: web_search[tides]\nAction: Finish[high tide at 6]').success).toBe(false);
  });

  it('keeps a bracket that is prose: text after it, or words before the bracket', () => {
    expect(decisionOf('Action: see the list [1] below.')).toMatchObject({ action: 'answer_user' });
  });

  it('reads `Finish(answer)` in round brackets as the answer, as planner-and-joiner agents write it', () => {
    expect(decisionOf('Thought: Both ferries leave at noon.\nAction: Finish(noon, from Brest)')).toEqual({ action: 'answer_user', answer: 'noon, from Brest' });
    expect(decisionOf('Action: Finish(42 (rounded))')).toEqual({ action: 'answer_user', answer: '42 (rounded)' });
    expect(parse('Action: Finish()')).toMatchObject({ success: false, error: { message: 'the `Finish(..)` answer is empty' } });
  });

  it('corrects `Action: tool(..)` in round brackets, never answering with it nor guessing its arguments', () => {
    for (const text of ['Action: lookup(tide tables)', 'Action: DropTables(users)', 'Action: web_search(tides) then wait', 'Action: web_search(query="tides") then wait']) {
      const result = parse(text);
      expect(result.success, text).toBe(false);
    }
    expect(parse('Action: lookup(tide tables)')).toMatchObject({ success: false, error: { toolName: 'lookup' } });
  });

  it('reads a tool named with its description in parentheses when its `Action Input:` follows', () => {
    expect(decisionOf('Thought: look it up\nAction: lookup(finds a term)\nAction Input: {"term": "neap tide"}')).toMatchObject({ action: 'call_tool', tool: 'lookup', args: { term: 'neap tide' } });
  });

  it('property: a round-bracket action naming anything but Finish is never an answer nor a call', () => {
    const name = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,12}$/).filter((candidate) => !/^finish$/i.test(candidate));
    const input = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 ,.:='"-]{0,30}$/);
    fc.assert(
      fc.property(name, input, fc.constantFrom('', 'Thought: next step\n'), (tool, body, lead) => {
        expect(parse(`${lead}Action: ${tool}(${body})`).success).toBe(false);
      }),
      { numRuns: 100 },
    );
  });

  it('reads an answer in `Finish[..]` or `Finish(..)` that runs over several lines', () => {
    expect(decisionOf('Thought: settled\nAction: Finish[High tide is at 6.\nLow tide at noon.]')).toEqual({ action: 'answer_user', answer: 'High tide is at 6.\nLow tide at noon.' });
    expect(decisionOf('Action: Finish(High tide is at 6.\nLow tide at noon.)')).toEqual({ action: 'answer_user', answer: 'High tide is at 6.\nLow tide at noon.' });
  });

  it('corrects a bracket action followed by more text, never answering with its markup nor dropping the text', () => {
    for (const text of ['Action: Finish[high tide at 6]\nThanks for asking!', 'Action: web_search[tides]\nThen I will wait.', 'Thought: look\nAction: lookup[neap]\n\nMore soon.']) {
      expect(parse(text).success, text).toBe(false);
    }
  });

  it('property: a bracket action with prose after it is never the answer (fast-check)', () => {
    const words = fc.stringMatching(/^[A-Za-z][A-Za-z ,.!]{0,30}$/);
    fc.assert(
      fc.property(fc.constantFrom('Finish', 'web_search', 'lookup'), words, words, fc.constantFrom('[', '('), (name, input, after, open) => {
        const close = open === '[' ? ']' : ')';
        const result = parse(`Action: ${name}${open}${input}${close}\n${after}`);
        expect(result.success && result.decision.action === 'answer_user').toBe(false);
      }),
      { numRuns: 100 },
    );
  });

  it('property: any one-line input in brackets is the lone argument, as written', () => {
    const input = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 ,.:'-]{0,40}[A-Za-z0-9.]$/);
    fc.assert(
      fc.property(input, (query) => {
        expect(decisionOf(`Searching.\nAction: web_search[${query}]`)).toMatchObject({ tool: 'web_search', args: { query } });
      }),
      { numRuns: 100 },
    );
  });
});

describe('ReAct stop word cut short', () => {
  it('drops `Obs`.. `Observation` on the last line, left where the model was stopped', () => {
    for (const cut of ['Obs', 'Observ', 'Observation']) {
      expect(decisionOf(`Thought: search\nAction: web_search\nAction Input: ferry to Molene\n${cut}`)).toMatchObject({ args: { query: 'ferry to Molene' } });
    }
  });

  it('keeps a last line that is a word of its own, or a stop word not on the last line', () => {
    expect(decisionOf('Action: publish_note\nAction Input: remember\nObscure')).toMatchObject({ args: { text: 'remember\nObscure' } });
    expect(decisionOf('Action: publish_note\nAction Input: Obs\nmore')).toMatchObject({ args: { text: 'Obs\nmore' } });
  });

  it('property: a cut stop word of 3 letters or more is never part of the input', () => {
    const text = fc.stringMatching(/^[a-z][a-z ]{0,30}[a-z]$/);
    fc.assert(
      fc.property(text, fc.integer({ min: 3, max: 11 }), (query, length) => {
        const reply = `Thought: look\nAction: web_search\nAction Input: ${query}\n${'Observation'.slice(0, length)}`;
        expect(decisionOf(reply)).toMatchObject({ args: { query } });
      }),
      { numRuns: 100 },
    );
  });
});

describe('JSON agent input written as a JSON string', () => {
  it('keeps a fence inside the string: it is part of the value', () => {
    const note = '```md\n# Groceries\n- leeks\n```';
    const text = `Thought: save it\n\`\`\`json\n${JSON.stringify({ action: 'publish_note', action_input: note })}\n\`\`\``;
    expect(decisionOf(text)).toMatchObject({ tool: 'publish_note', args: { text: note } });
  });

  it('keeps quotes inside the string', () => {
    const text = JSON.stringify({ action: 'publish_note', action_input: '"quoted" words' });
    expect(decisionOf(text)).toMatchObject({ args: { text: '"quoted" words' } });
  });

  it('property: any string input is the argument exactly as encoded', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 40 }).filter((value) => !/^\s*\{/.test(value) && value.trim() !== ''), (value) => {
        const result = parse(JSON.stringify({ action: 'publish_note', action_input: value }));
        if (result.success && result.decision.action === 'call_tool') expect(result.decision.args).toEqual({ text: value });
      }),
      { numRuns: 200 },
    );
  });
});

describe('Kimi K2 tool-call section', () => {
  const section = (name: string, args: unknown) =>
    `<|tool_calls_section_begin|> <|tool_call_begin|> functions.${name}:0 <|tool_call_argument_begin|> ${JSON.stringify(args)} <|tool_call_end|> <|tool_calls_section_end|>`;

  it('reads a closed section', () => {
    expect(decisionOf(section('lookup', { term: 'isobar' }))).toMatchObject({ tool: 'lookup', args: { term: 'isobar' } });
  });

  it('property (completeness): a section cut off anywhere after its arguments begin runs no call', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{3,12}$/), fc.nat(), (term, at) => {
        const text = section('lookup', { term });
        const from = text.indexOf('<|tool_call_argument_begin|>');
        const end = text.indexOf('<|tool_calls_section_end|>');
        const cut = text.slice(0, from + 1 + (at % (end - from - 1)));
        const result = parse(cut);
        expect(result.success && result.decision.action === 'call_tool', cut).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  it('reads a call head right after the section token (no <|tool_call_begin|>), and corrects it when the section is never closed', () => {
    const text = 'Looking it up. <|tool_calls_section_begin|>functions.lookup:0<|tool_call_argument_begin|>{"term": "fjord"}<|tool_calls_section_end|>';
    expect(decisionOf(text)).toMatchObject({ tool: 'lookup', args: { term: 'fjord' } });
    expect(parse('<|tool_calls_section_begin|>functions.lookup:0<|tool_call_argument_begin|>{"term": "fjord"}').success).toBe(false);
  });

  it('a call whose header is no tool stays refused: a JSON call inside its arguments is not run', () => {
    const text = `<|tool_calls_section_begin|> <|tool_call_begin|> note <|tool_call_argument_begin|> {] ${JSON.stringify({ name: 'web_search', arguments: { query: 'x' } })}} <|tool_call_end|> <|tool_calls_section_end|>`;
    expect(parse(text).success).toBe(false);
  });
});

describe('<invoke> with <tool_name> (prompt-based Claude tool use)', () => {
  const listTool: ToolSpec = { name: 'tag_photos', inputSchema: { type: 'object', properties: { tags: { type: 'array', items: { type: 'string' } } }, required: ['tags'] } };
  const invoke = (name: string, parameters: string) => `<invoke>\n<tool_name>${name}</tool_name>\n<parameters>\n${parameters}\n</parameters>\n</invoke>`;

  it('reads each argument element by the schema, a list of <item> elements included', () => {
    const text = `I will tag them.\n<function_calls>\n${invoke('tag_photos', '<tags>\n<item>dune</item>\n<item>lighthouse</item>\n</tags>')}\n</function_calls>`;
    expect(decisionOf(text, [listTool])).toEqual({ action: 'call_tool', tool: 'tag_photos', args: { tags: ['dune', 'lighthouse'] }, reason: 'I will tag them.' });
  });

  it('reads a call whose wrapper close the stop sequence cut, and every call of the block', () => {
    expect(decisionOf(`<function_calls>\n${invoke('lookup', '<term>isobar</term>')}`)).toMatchObject({ tool: 'lookup', args: { term: 'isobar' } });
    const two = parseDecision('native', `<function_calls>\n${invoke('lookup', '<term>a</term>')}\n${invoke('web_search', '<query>b</query>')}\n</function_calls>`, { tools, maxActions: 2 });
    expect(two.success && two.decisions.map((decision) => decision.action === 'call_tool' && decision.tool)).toEqual(['lookup', 'web_search']);
  });

  it('refuses an <invoke> cut off, or holding text beside its elements', () => {
    expect(parse(`<function_calls>\n<invoke>\n<tool_name>lookup</tool_name>\n<parameters>\n<term>iso`).success).toBe(false);
    expect(parse(`<function_calls>\n${invoke('lookup', 'the term is <term>isobar</term>')}\n</function_calls>`).success).toBe(false);
    expect(parse(`<function_calls>\n<invoke>\nlookup isobar\n</invoke>\n</function_calls>`).success).toBe(false);
  });

  it('property (completeness): a block cut anywhere before its </invoke> runs no call', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{3,12}$/), fc.nat(), (term, at) => {
        const text = `<function_calls>\n${invoke('lookup', `<term>${term}</term>`)}`;
        const end = text.indexOf('</invoke>') + '</invoke>'.length - 1;
        const cut = text.slice(0, at % end);
        const result = parse(cut);
        expect(result.success && result.decision.action === 'call_tool', cut).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});

describe('self-ask (LangChain self-ask-with-search)', () => {
  const intermediate: ToolSpec = { name: 'Intermediate Answer', inputSchema: { type: 'object', properties: { question: { type: 'string' } } } };
  const withTool = [intermediate];

  it('reads a last-line follow-up as a call of the format\'s tool, the lines before it as the reason', () => {
    expect(decisionOf('Are follow up questions needed here: Yes.\nFollow up: How tall is the Eiffel Tower?', withTool)).toEqual({
      action: 'call_tool',
      tool: 'Intermediate Answer',
      args: { question: 'How tall is the Eiffel Tower?' },
      reason: 'Are follow up questions needed here: Yes.',
    });
    expect(decisionOf('So the final answer is: 330 metres', withTool)).toEqual({ action: 'answer_user', answer: '330 metres' });
  });

  it('is prose where the format\'s tool is not offered', () => {
    expect(decisionOf('Follow up: shall I book the table?')).toMatchObject({ action: 'answer_user', answer: 'Follow up: shall I book the table?' });
  });

  it('refuses text after the follow-up, two follow-ups, or a follow-up with a final answer', () => {
    expect(parse('Follow up: How tall is it?\nIntermediate answer: 330 m', withTool).success).toBe(false);
    expect(parse('Follow up: How tall is it?\nFollow up: How old is it?', withTool).success).toBe(false);
    expect(parse('Follow up: How tall is it?\nSo the final answer is: 330 m', withTool).success).toBe(false);
  });

  it('property: any one-line question is the lone argument, as written', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 ,.'?-]{0,40}[A-Za-z0-9?]$/), (question) => {
        expect(decisionOf(`Are follow up questions needed here: Yes.\nFollow up: ${question}`, withTool)).toMatchObject({ args: { question } });
      }),
      { numRuns: 100 },
    );
  });
});

describe('<invoke> with <tool_name>, arguments as JSON', () => {
  it('reads one JSON object that is the whole of <parameters>, and refuses text beside it', () => {
    const call = (parameters: string) => `<function_calls>\n<invoke>\n<tool_name>lookup</tool_name>\n<parameters>${parameters}</parameters>\n</invoke>\n</function_calls>`;
    expect(decisionOf(call('{"term": "isobar"}'))).toMatchObject({ tool: 'lookup', args: { term: 'isobar' } });
    expect(parse(call('{"term": "isobar"} and more')).success).toBe(false);
    expect(parse(call('{"term": }')).success).toBe(false);
  });
});

describe('ReAct bracket action, brackets inside', () => {
  it('keeps balanced brackets in the input and refuses one that does not close at the line end', () => {
    expect(decisionOf('Action: web_search[arrays [1, 2] in js]')).toMatchObject({ tool: 'web_search', args: { query: 'arrays [1, 2] in js' } });
    expect(parse('Action: web_search[tides] and lookup[isobar]').success).toBe(false);
    expect(parse('Action: web_search[tides').success).toBe(false);
  });
});

describe('a tool directive line left unread (goose toolshim: `Using tool: name`)', () => {
  it('is a call attempt, never the answer, when it names an offered tool on a line of its own', () => {
    const result = parse('Listing the notes.\nUsing tool: publish_note\n{text: oops, }}');
    expect(result).toMatchObject({ success: false, error: { kind: 'no-decision', toolName: 'publish_note' } });
  });

  it('stays prose when the line says more, names no offered tool, or is quoted', () => {
    expect(decisionOf('Using tool: publish_note, I saved your list.')).toMatchObject({ action: 'answer_user' });
    expect(decisionOf('Using tool: hammer')).toMatchObject({ action: 'answer_user' });
    expect(decisionOf('Write it so:\n```\nUsing tool: publish_note\n```')).toMatchObject({ action: 'answer_user' });
  });
});

describe('ReAct input label on the action line', () => {
  it('reads `Action: tool Action Input: ..` on one line as the action and its input', () => {
    expect(decisionOf('Action: web_search Action Input: tide table Roscoff')).toMatchObject({ action: 'call_tool', tool: 'web_search', args: { query: 'tide table Roscoff' } });
    expect(decisionOf('Thought: find it.\nAction:  lookup   Action Input: {"term": "isthmus"}')).toMatchObject({ action: 'call_tool', tool: 'lookup', args: { term: 'isthmus' } });
  });

  it('keeps a line where the label follows words, not a name: prose, never a call', () => {
    const result = parse('Action: note the Action Input: label in the docs');
    expect(result.success && result.decisions.some((decision) => decision.action === 'call_tool')).toBe(false);
  });

  it('property: any one-line input after the label on the action line is the lone argument', () => {
    const input = fc.stringMatching(/^[a-z][a-z ]{0,20}[a-z]$/);
    fc.assert(
      fc.property(input, fc.constantFrom(' ', '  ', '\t'), (query, gap) => {
        expect(decisionOf(`Action: web_search${gap}Action Input: ${query}`)).toMatchObject({ tool: 'web_search', args: { query } });
      }),
      { numRuns: 60 },
    );
  });
});
