/**
 * Qwen3-Coder / Qwen3.5 XML tool calls (also Nemotron 3, Step 3.5, Seed-OSS with `<seed:tool_call>`):
 * `<tool_call><function=name><parameter=key>value</parameter></function></tool_call>`, and
 * `<function=name/>` for a call without parameters. Calls are parsed to their end, so a value may hold
 * any markup (`tag-calls.ts`). A value is the text as written, except the newline pair the Qwen
 * template puts around it (`<parameter=key>\nvalue\n</parameter>`); values are then coerced by the
 * tool's property schema (`xml-parameters.ts`).
 */
import type { DialectReader, Reading } from '../reading.ts';
import { equalsFamily, readTagCalls } from './xml-calls.ts';


export const qwenXmlReader: DialectReader = {
  dialect: 'qwen-xml',
  needs: '<', // `<tool_call>`
  read(text, { tools }): Reading | undefined {
    if (!/<(?:seed:)?tool_call>(?:\s|\\n)*<(?:function|call|tool|invoke)[^\S\n]*=/.test(text)) return undefined;
    return readTagCalls(text, tools, [equalsFamily], 'qwen-xml');
  },
};
