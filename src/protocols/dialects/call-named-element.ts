/**
 * An element named for a tool call, in a spelling no reader knows (`<tool_use>`, `<use_tool>`,
 * `<function_call>`, `<FunctionCall>`, `<toolcall>`, `<api_call>`, `<run_tool>`), opened in prose:
 *
 *   I need to look that up.<tool_use>{"name": "search", "input": {}}
 *   pre <use_tool><invalid>value trailing text
 *
 * Every agent framework names its call element its own way, and no HTML or Markdown element is named
 * so: an element so named whose body starts like a call's (a JSON object or list, another element) or
 * that ends the reply is a call the model started and no reader took, so the reply is a call attempt,
 * corrected, never the answer with the markup in it. A tag followed by words (`the <tool_calling>
 * marker`), `<tool_call` in a sentence, and an element holding only a call a reader read (its own
 * closing tag next, once the call is set aside) are not. Its name is split into words (at `_`, `-`, `:`, `.` and lower-to-upper case changes); an
 * element is named for a call when one word is a call word (`tool`, `function`, `call`, `invoke`, or
 * two run together: `toolcall`, `usetool`). What a call returns or a tool list echoed is no call:
 * an element with a word such as `result`, `output` or `schema` (`<tool_result>`,
 * `<function_definitions>`), or named only `tool`, `function` or their plurals (the wrappers of a tool
 * definition echoed, `<tool><name>..</name><description>..`), stays prose here. Markup quoted as code
 * (`maskCode`) is talk about a call.
 */
import type { ReadFailure } from '../reading.ts';
import { maskCode } from './mask-code.ts';

/**
 * An opening tag (`<name>`, `<name a="1">`, `<name/>`), or `<name` cut off at the end of the reply;
 * group 1 is the name. Attribute values are quoted or single words.
 */
const openingTag = /<([A-Za-z][\w:.-]{0,40})(?:(?:\s+[\w:.-]+\s*=\s*(?:"[^"<>]*"|'[^'<>]*'|[^\s"'<>/]+))*\s*\/?>|\s*$)/g;

/** A word that names a call, alone or two run together (`tool` + `call`, `use` + `tool`). */
const callWord = /^(?:(?:use|run|call|api)?(?:tool|function)s?(?:call|calls|use|uses|code|request|invocation)?|calls?|invoke|invocation|apicalls?)$/;

/** Words of what a call returns, or of a tool list or definition echoed: such an element is no call. */
const notACall = new Set(['result', 'results', 'response', 'responses', 'output', 'outputs', 'observation', 'definition', 'definitions', 'description', 'descriptions', 'schema', 'schemas', 'spec', 'specs', 'list', 'available', 'docs', 'error', 'errors']);

/** The words of an element name: `use_tool` -> use, tool; `FunctionCall` -> function, call. */
export function elementNameWords(name: string): string[] {
  return name
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .split(/[\s_:.-]+/)
    .filter((word) => word !== '')
    .map((word) => word.toLowerCase());
}

const resultWords: ReadonlySet<string> = new Set(['result', 'results', 'response', 'responses', 'output', 'outputs', 'observation', 'observations', 'information']);

/** True when `name` names a tool's result (`<tool_result>`, `<observation>`, Search-R1's `<information>`): what it holds was returned, never called. */
export function isResultElementName(name: string): boolean {
  return elementNameWords(name).some((word) => resultWords.has(word));
}

/** True when `name` names a call element (see the file comment). */
export function isCallElementName(name: string): boolean {
  const parts = elementNameWords(name);
  if (parts.length === 1 && /^(?:tool|function)s?$/.test(parts[0] as string)) return false;
  return parts.some((word) => callWord.test(word)) && !parts.some((word) => notACall.has(word));
}

/**
 * True when `after` (the text after the tag) starts like a call's body (`{`, `[`, or an element other
 * than the tag's own closing one) or, with `endIsReply`, ends the text.
 */
function opensCallBody(after: string, name: string, endIsReply: boolean): boolean {
  const body = after.trimStart();
  if (body === '') return endIsReply;
  if (body.startsWith('{') || body.startsWith('[')) return true;
  return body.startsWith('<') && !body.startsWith(`</${name}`);
}

/**
 * A failure naming the call element opened in `text` (its caller adds the hint), or undefined when
 * there is none. `endIsReply` is false for the prose beside calls read, whose pieces end where a read
 * call starts: a tag there labels that call (`<functioncall> {"name": ..}`, glaive's format).
 */
export function callNamedElement(text: string, endIsReply = true): ReadFailure | undefined {
  if (!text.includes('<')) return undefined;
  const masked = maskCode(text);
  for (const match of masked.matchAll(openingTag)) {
    const name = match[1] as string;
    if (isCallElementName(name) && opensCallBody(masked.slice(match.index + match[0].length), name, endIsReply)) {
      return { kind: 'no-decision', message: `the reply holds a <${name.replace(/[^\w:.-]/g, '?')}> element, a tool call that could not be read` };
    }
  }
  return undefined;
}
