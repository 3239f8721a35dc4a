/**
 * A JSON call object the reply never closes: `{"tool": "get_weather", "args": {"city": "Os` or
 * `[{"arguments": {"city": "Oslo"}, "name": "get_we`, the reply cut off inside a call. No
 * reader reads it (its JSON never ends) and the known-tool check cannot see it (the name is cut), yet
 * returned as the answer it would hide the call the model meant. So an object still open where the
 * reply ends that holds both a call key (`name`, `tool`, `function`) and an arguments key (`arguments`,
 * `parameters`, `args`, `input`) and that the reply cuts inside a member (in a string, after a key,
 * a value or a separator) is a call attempt, corrected. An object that ends right after a closed
 * value, missing only its outer braces, is left to the readers and the answer (vLLM's Llama 3 JSON
 * parser keeps `{"name": "x", "parameters": {..}` as text). An object shown as code is talk.
 */
import type { ReadFailure } from '../reading.ts';
import { closingBracketIndex } from '../extract/closing-bracket-index.ts';
import { maskCode } from './mask-code.ts';

const callKey = /["'](?:name|tool|tool_?name|function|function_?name)["']\s*:/;
const argumentsKey = /["'](?:arguments|parameters|args|input)["']\s*:/;

/** The failure for a call object left open at the reply's end, or undefined. */
export function unclosedCallObject(text: string): ReadFailure | undefined {
  if (!argumentsKey.test(text)) return undefined;
  const visible = maskCode(text);
  // Closed objects are skipped whole: the first one left open runs to the end and holds every later one.
  for (let open = visible.indexOf('{'); open >= 0; ) {
    const end = closingBracketIndex(visible, open);
    if (end < 0) {
      const rest = visible.slice(open);
      // Ending right after a closed value, only the outer braces are missing: not a cut inside the call.
      if (!callKey.test(rest) || !argumentsKey.test(rest) || /[}\]]\s*$/.test(rest)) return undefined;
      return { kind: 'invalid-json', message: 'the reply holds a tool call cut off before its JSON object was closed: write the whole call' };
    }
    open = visible.indexOf('{', end);
  }
  return undefined;
}
