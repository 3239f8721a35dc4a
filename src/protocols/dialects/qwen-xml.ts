/**
 * Qwen3-Coder / Qwen3.5 XML tool calls (also Nemotron 3, Step 3.5, Seed-OSS with `<seed:tool_call>`):
 * `<tool_call><function=name><parameter=key>value</parameter></function></tool_call>`.
 * Values are text: each is coerced by the tool's property schema; without one, JSON-looking text is
 * read as JSON and anything else stays a string (what the models' own templates do).
 */
import type { ToolSpec } from '../../decision.ts';
import { coerceValue } from '../../tools/coerce-args.ts';
import { readJson } from '../extract/read-json.ts';
import { callItem, type DialectReader, type Reading } from '../reading.ts';

const functionBlock = /<function=([^>\s]+)>([\s\S]*?)(?:<\/function>|(?=<function=)|$)/g;
const parameter = /<parameter=([^>\s]+)>\n?([\s\S]*?)\n?(?:<\/parameter>|(?=<parameter=)|(?=<\/function>)|$)/g;

function valueOf(text: string, tool: ToolSpec | undefined, key: string): unknown {
  const properties = (tool?.inputSchema.properties ?? {}) as Record<string, unknown>;
  if (properties[key] !== undefined) return coerceValue(text, properties[key]);
  if (/^(?:[[{"\d-]|true$|false$|null$)/.test(text)) {
    const json = readJson(text);
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
      for (const [, key = '', value = ''] of body.matchAll(parameter)) args[key] = valueOf(value, tool, key);
      items.push(callItem(name, args, tools));
    }
    return items.length ? { dialect: 'qwen-xml', items, thoughts: [], repaired: false } : undefined;
  },
};
