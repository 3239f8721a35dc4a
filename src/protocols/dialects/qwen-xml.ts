/**
 * Qwen3-Coder / Qwen3.5 XML tool calls (also Nemotron 3, Step 3.5, Seed-OSS with `<seed:tool_call>`):
 * `<tool_call><function=name><parameter=key>value</parameter></function></tool_call>`.
 * A value is the text as written, except the newline pair the Qwen template puts around it
 * (`<parameter=key>\nvalue\n</parameter>`). Values are text: each is coerced by the tool's property
 * schema; without one, JSON-looking text is read as JSON and anything else stays a string (what the
 * models' own templates do).
 */
import type { ToolSpec } from '../../decision.ts';
import { coerceValue } from '../../tools/coerce-args.ts';
import { readJson } from '../extract/read-json.ts';
import { callItem, type DialectReader, type Reading } from '../reading.ts';

const functionBlock = /<function=([^>\s]+)>([\s\S]*?)(?:<\/function>|(?=<function=)|$)/g;
const parameter = /<parameter=([^>\s]+)>([\s\S]*?)(?:<\/parameter>|(?=<parameter=)|(?=<\/function>)|$)/g;

/** The value as written: the newline after the opening tag goes, and then the one before the closing tag. */
export function writtenValue(raw: string): string {
  if (!raw.startsWith('\n')) return raw;
  return raw.slice(1).replace(/\n$/, '');
}

function valueOf(text: string, tool: ToolSpec | undefined, key: string): unknown {
  const properties = (tool?.inputSchema.properties ?? {}) as Record<string, unknown>;
  if (properties[key] !== undefined) {
    const coerced = coerceValue(text.trim(), properties[key]);
    return typeof coerced === 'string' ? text : coerced; // strings keep their whitespace (code, indentation)
  }
  const trimmed = text.trim();
  if (/^(?:[[{"\d-]|true$|false$|null$)/.test(trimmed)) {
    const json = readJson(trimmed);
    if (json.ok && !json.repaired) return json.value;
  }
  return text;
}

export const qwenXmlReader: DialectReader = {
  dialect: 'qwen-xml',
  read(text, { tools }): Reading | undefined {
    if (!/<(?:seed:)?tool_call>\s*<function=/.test(text)) return undefined;
    const items: unknown[] = [];
    for (const [, name = '', body = ''] of text.matchAll(functionBlock)) {
      const tool = tools.find((candidate) => candidate.name === name);
      const args: Record<string, unknown> = {};
      for (const [, key = '', value = ''] of body.matchAll(parameter)) args[key] = valueOf(writtenValue(value), tool, key);
      items.push(callItem(name, args, tools));
    }
    return items.length ? { dialect: 'qwen-xml', items, thoughts: [], repaired: false } : undefined;
  },
};
