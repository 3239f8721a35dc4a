/**
 * Continue reads an argument that starts with `[` or `{` as JSON once the raw line breaks inside its
 * strings are escaped: a model writing a list of multi-line strings (search/replace blocks) puts real
 * line breaks in them. A raw line break inside a JSON string can only stand for a line break, so
 * reins reads such a value the same way, where the property takes no string (a string property keeps
 * the text as written). Anything else in the text stays for the usual reading (and its guard).
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { propertySchema } from '../../tools/collect-parameters.ts';
import { schemaTypes } from '../../tools/schema-types.ts';
import type { RawParameter } from './tag-calls.ts';

/** `text` with each raw `\r` and `\n` inside a double-quoted string escaped. */
function escapeBreaksInStrings(text: string): string {
  let out = '';
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index] as string;
    if (inString && char === '\\') {
      out += char + (text[index + 1] ?? '');
      index++;
    } else if (inString && (char === '\n' || char === '\r')) out += char === '\n' ? '\\n' : '\\r';
    else {
      if (char === '"') inString = !inString;
      out += char;
    }
  }
  return out;
}

/** The value's text, with its strings' line breaks escaped where that alone makes it JSON and the property takes no string. */
function jsonValueText(text: string, schema: unknown): string {
  if (!/^[[{]/.test(text) || !/[\r\n]/.test(text) || schemaTypes(schema)?.includes('string')) return text;
  try {
    JSON.parse(text);
    return text;
  } catch {
    const escaped = escapeBreaksInStrings(text);
    try {
      JSON.parse(escaped);
      return escaped;
    } catch {
      return text;
    }
  }
}

/** The parameters with Continue's JSON values made JSON (see above). */
export function continueJsonValues(parameters: readonly RawParameter[], tool: ToolSpec | undefined): RawParameter[] {
  return parameters.map((parameter) => {
    const text = jsonValueText(parameter.text, propertySchema(tool?.inputSchema, parameter.key));
    return text === parameter.text ? parameter : { ...parameter, text };
  });
}
