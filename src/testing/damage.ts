/**
 * The damage kinds of DESIGN §4, as small pure functions over one model turn. Each returns the
 * damaged turn, or undefined when it does not apply (e.g. JSON damage on text with no JSON).
 */
import type { ModelToolCall } from '../spec/model.ts';
import { closingBracketIndex } from '../protocols/extract/closing-bracket-index.ts';
import { randomInt, type Random } from './seeded-random.ts';

export const damageKinds = [
  'think-tags',
  'code-fence',
  'prose-around',
  'trailing-comma',
  'single-quotes',
  'unquoted-keys',
  'comments',
  'python-literals',
  'truncation',
  'smart-quotes',
  'bom',
  'wrong-tool-name',
  'wrong-arg-type',
  'two-actions',
] as const;
export type DamageKind = (typeof damageKinds)[number];

export interface Turn {
  text: string;
  toolCalls: ModelToolCall[];
}

/** A `"` that delimits a JSON string (not an escaped one inside it). */
const unescapedQuote = /(?<!\\)"/g;

type Damage = (turn: Turn, random: Random) => Turn | undefined;

const onText = (edit: (text: string, random: Random) => string | undefined): Damage => (turn, random) => {
  if (turn.text.trim() === '') return undefined;
  const text = edit(turn.text, random);
  return text === undefined || text === turn.text ? undefined : { ...turn, text };
};

/** Applies `edit` to the JSON span (first `{` to last `}`) of the text. */
const onJson = (edit: (json: string, random: Random) => string | undefined): Damage =>
  onText((text, random) => {
    const start = text.indexOf('{');
    const end = text.lastIndexOf('}');
    if (start < 0 || end < start) return undefined;
    const json = edit(text.slice(start, end + 1), random);
    return json === undefined ? undefined : text.slice(0, start) + json + text.slice(end + 1);
  });

const toolNamePatterns = [
  /("tool"\s*:\s*")([^"]+)(")/,
  /(<name>\s*)([^<\s]+)(\s*<\/name>)/,
  /(FUNCTION_CALL:\s*)([^|\s]+)()/,
  /("action"\s*:\s*")(?!call_tool"|ask_user"|answer_user"|request_user_input"|send_response")([^"]+)(")/,
];

function wrongArgValue(value: unknown): unknown {
  if (typeof value === 'number') return `${value} units`;
  if (typeof value === 'string') return 12345;
  if (typeof value === 'boolean') return 'yes';
  return undefined;
}

function renameFirstTool(turn: Turn): Turn | undefined {
  const [first, ...rest] = turn.toolCalls;
  if (first) return { ...turn, toolCalls: [{ ...first, name: `${first.name}_v2` }, ...rest] };
  for (const pattern of toolNamePatterns) {
    if (pattern.test(turn.text)) return { ...turn, text: turn.text.replace(pattern, '$1$2_v2$3') };
  }
  return undefined;
}

function retypeFirstArg(turn: Turn): Turn | undefined {
  const [first, ...rest] = turn.toolCalls;
  if (first && typeof first.arguments === 'object') {
    const [key, value] = Object.entries(first.arguments)[0] ?? [];
    const wrong = wrongArgValue(value);
    if (key === undefined || wrong === undefined) return undefined;
    return { ...turn, toolCalls: [{ ...first, arguments: { ...first.arguments, [key]: wrong } }, ...rest] };
  }
  const text = turn.text;
  const line = /(FUNCTION_CALL:\s*[^|\s]+\|)(-?\d+(?:\.\d+)?)(?=\||\s|$)/;
  if (line.test(text)) return { ...turn, text: text.replace(line, '$1many') };
  const argsAt = text.search(/"(args|params|parameters)"\s*:\s*\{|<parameters>/);
  if (argsAt < 0) return undefined;
  const pair = /("[^"]+"\s*:\s*)(-?\d+(?:\.\d+)?|"(?:[^"\\]|\\.)*"|true|false)/;
  const tail = text.slice(argsAt + 1);
  const match = pair.exec(tail);
  if (!match) return undefined;
  const wrong = wrongArgValue(JSON.parse(match[2] as string));
  return { ...turn, text: text.slice(0, argsAt + 1) + tail.replace(pair, `$1${JSON.stringify(wrong)}`) };
}

function duplicateAction(turn: Turn): Turn | undefined {
  const [first] = turn.toolCalls;
  if (first) return { ...turn, toolCalls: [...turn.toolCalls, { ...first, id: `${first.id}_again` }] };
  const text = turn.text;
  const block = /<tool_code>[\s\S]*?<\/tool_code>|FUNCTION_CALL:[^\n]*/.exec(text);
  if (block) return { ...turn, text: text.replace(block[0], `${block[0]}\n${block[0]}`) };
  const actions = /"actions"\s*:\s*\[\s*\{/.exec(text);
  const open = actions ? actions.index + actions[0].length - 1 : text.indexOf('{');
  const close = open < 0 ? -1 : closingBracketIndex(text, open);
  if (close < 0) return undefined;
  const object = text.slice(open, close);
  return { ...turn, text: text.slice(0, close) + (actions ? ', ' : '\n') + object + text.slice(close) };
}

export const damages: Record<DamageKind, Damage> = {
  'think-tags': onText((text) => `<think>\nWhich step comes next? Let me check the tools first.\n</think>\n${text}`),
  'code-fence': onText((text) => `\`\`\`json\n${text}\n\`\`\``),
  'prose-around': onText((text) => `Sure! Here is my next step.\n\n${text}\n\nLet me know if you need anything else.`),
  'trailing-comma': onJson((json) => json.replace(/([^{,\s])(\s*)\}$/, '$1,$2}')),
  'single-quotes': onJson((json) => (json.includes("'") ? undefined : json.replace(unescapedQuote, "'"))),
  'unquoted-keys': onJson((json) => json.replace(/"([A-Za-z_$][\w$]*)"(\s*:)/g, '$1$2')),
  comments: onJson((json) => `{\n  // picking the next step\n${json.slice(1)}`),
  'python-literals': onJson((json) =>
    json.replace(/\b(true|false|null)\b/g, (literal) => ({ true: 'True', false: 'False', null: 'None' })[literal] ?? literal),
  ),
  truncation: onText((text, random) =>
    text.length < 10 ? undefined : text.slice(0, randomInt(random, Math.floor(text.length * 0.6), Math.floor(text.length * 0.95))),
  ),
  'smart-quotes': onText((text) => {
    let count = 0;
    return text.replace(unescapedQuote, () => (count++ % 2 === 0 ? '\u201c' : '\u201d'));
  }),
  bom: onText((text) => `\uFEFF${text}`),
  'wrong-tool-name': renameFirstTool,
  'wrong-arg-type': retypeFirstArg,
  'two-actions': duplicateAction,
};

/** Applies one kind; undefined when it does not apply to this turn. */
export function applyDamage(kind: DamageKind, turn: Turn, random: Random): Turn | undefined {
  return damages[kind](turn, random);
}
