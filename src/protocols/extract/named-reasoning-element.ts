/**
 * Reasoning a framework asks for in an element of its own naming, and a call element that declares
 * no call, at the start of a reply:
 *
 *   <function-thoughts>I need the date first.</function-thoughts><function-call>[get_day()]</function-call>
 *   I need the date first.</function-thoughts>\n<function-call>[get_day()]</function-call>
 *   <function-call>[]</function-call>\n<answer>Hello.</answer>
 *
 * Every agent framework names its reasoning element its own way (`<function-thoughts>`, `<thoughts>`,
 * `<agent_reasoning>`, `<inner_thinking>`); the fixed markers of `reply-markers.ts` cover the models'
 * own. An element whose name holds a reasoning word is the same framing: removed with what it holds
 * and kept as reasoning, like `<think>`. So is the text before the closing tag of such an element
 * named in two words or more when no opening tag precedes it (the model left the opening out). A
 * thought that is one field of a structured step (an element holding only a tool's name next, as
 * DSPy's XMLAdapter writes it) is left to that step's reader. Only leading reasoning is removed, so an
 * answer that mentions such an element later keeps it, and whatever is left is read as any reply is.
 *
 * An element named for a call (`call-named-element.ts`) holding an empty list, an empty object or
 * nothing, right after that reasoning, at the reply's start or at its end, is the model saying it
 * calls nothing: framing too, so the answer beside it is read without it. Any other body stays for
 * the readers.
 */
import { elementNameWords, isCallElementName } from '../dialects/call-named-element.ts';

/** Words that name reasoning in an element's name (split as `elementNameWords` splits it). */
const reasoningWords: ReadonlySet<string> = new Set(['think', 'thinking', 'thought', 'thoughts', 'reasoning', 'reflection', 'rationale']);

/** A leading element: group 1 its name, group 2 its text; the closing tag must match the name. */
const leadingElement = /^<([A-Za-z][\w:.-]{0,40})>([\s\S]*?)<\/\1>/;
/** A closing tag with no opening tag before it: group 1 the text before it, group 2 its name. */
const leadingClose = /^([^<]*)<\/([A-Za-z][\w:.-]{0,40})>/;
/** What an element declaring no call holds: nothing, `[]` or `{}`. */
const emptyBody = /^\s*(?:\[\s*\]|\{\s*\})?\s*$/;

/** An element holding only a name (a tool's, as a structured step's field gives it). */
const nameField = /^<([A-Za-z][\w:.-]{0,40})>\s*[A-Za-z_][\w.-]*\s*<\/\1>/;
/** A call element declaring no call that ends the reply: group 1 its name. */
const trailingEmptyCall = /<([A-Za-z][\w:.-]{0,40})>\s*(?:\[\s*\]|\{\s*\})?\s*<\/\1>\s*$/;

/**
 * The text after removed framing, up to its next line: that line keeps its indentation, so a block
 * indented as code (quoted, `indented-blocks.ts`) stays quoted once the framing before it is gone.
 */
function afterFraming(text: string): string {
  return text.replace(/^[ \t]*(?:\r?\n)*/, '');
}

function namesReasoning(name: string): boolean {
  return elementNameWords(name).some((word) => reasoningWords.has(word));
}

/** The reply without its leading named reasoning and empty call elements, and the reasoning removed. */
export function withoutNamedReasoning(text: string): { text: string; reasoning: string[] } {
  const reasoning: string[] = [];
  let rest = text.trimStart();
  const unopened = leadingClose.exec(rest);
  // Only a name of a framework's own (two words or more): a stray `</think>` is the fixed markers' business.
  if (unopened && elementNameWords(unopened[2] ?? '').length > 1 && namesReasoning(unopened[2] ?? '')) {
    reasoning.push((unopened[1] ?? '').trim());
    rest = afterFraming(rest.slice(unopened[0].length));
  }
  for (let element = leadingElement.exec(rest); element; element = leadingElement.exec(rest)) {
    const name = element[1] ?? '';
    const body = element[2] ?? '';
    const after = afterFraming(rest.slice(element[0].length));
    // A thought followed by an element holding only a name is one field of a structured step (DSPy's
    // `<next_thought>` then `<next_tool_name>`): its reader keeps the thought as the call's reason.
    if (namesReasoning(name) && nameField.test(after)) break;
    // A reasoning word wins over a call word: `<function-thoughts>` holds thoughts about a call.
    if (namesReasoning(name)) reasoning.push(body.trim());
    else if (isCallElementName(name) && emptyBody.test(body)) reasoning.push('');
    else break;
    rest = after;
  }
  const trailing = trailingEmptyCall.exec(rest);
  if (trailing && isCallElementName(trailing[1] ?? '')) {
    reasoning.push('');
    rest = rest.slice(0, trailing.index).trimEnd();
  }
  return reasoning.length ? { text: rest, reasoning } : { text, reasoning };
}
