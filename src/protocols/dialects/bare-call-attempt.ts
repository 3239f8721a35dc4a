/**
 * Calls whose wrapper tokens were removed. Many servers detokenize with special tokens skipped, and
 * some parsers are handed only the text between a family's start and end tokens, so a reply may hold
 * a call without the markers reins reads it by:
 *
 *   call:get_weather{city:<escape>Oslo<escape>}    Gemma 4 / FunctionGemma without `<|tool_call>`
 *   get_weather[ARGS]{"city": "Oslo"}              Mistral v11 without `[TOOL_CALLS]`
 *   get_weather city=Oslo days=3                   GLM's `name k=v` line without `<tool_call>` (also `/get_weather city=Oslo`,
 *                                                  `@get_weather city=Oslo`, and Handlebars' `{{get_weather city="Oslo"}}`)
 *   functions.get_weather:0{"city": "Oslo"}        Kimi K2 without its call tokens
 *   get_weather(city="Oslo")                       a pythonic call without its `[..]`, starting a line or inside code or markup
 *                                                  (`print(get_weather(city="Oslo"))`, `<execute>get_weather(..)`)
 *   [get_weather("Oslo")]                          the same with a positional literal (no reader maps it)
 *   brave_search.call(query="x")                   Llama 3's built-in tool call without `<|python_tag|>`
 *   Call: get_weather(city="Oslo")                 the same after a label (NexusRaven)
 *   functions.get_weather({"city": "Oslo"})        a JavaScript-style call with a JSON object
 *   get_weather: {"city": "Oslo"}                  the name, a colon and the JSON arguments
 *   Tool: get_weather                              a label line naming only an offered tool (`TOOL:`, `Act:`, `Command:`..)
 *   **Tool:** get_weather                          the same in markdown emphasis
 *   get_weather:\n  city: Oslo                     the name as a YAML key over its arguments
 *   Next: get_weather[Oslo]                        a bracket action after a colon, its `Action` label written otherwise
 *   #E1 = get_weather[Oslo]                        the same assigned to a plan's evidence variable (ReWOO)
 *   <action>get_weather('Oslo')</action>           a Python-style call as an element's text
 *   <call_tool name="get_weather">Oslo</call_tool> a tag naming an offered tool in its name attribute
 *   ```tool_code + print(get_weather(city="Oslo")) a call in a fence labelled with a call format
 *
 * Each names an offered tool in a shape no prose takes, so the reply is a call attempt, never the
 * answer: returned as plain text it would hide a call the model made. Markup quoted as code is talk
 * about a call and is skipped (`maskCode`).
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { escapeRegExp, lastToolList } from '../reading.ts';
import { maskCode } from './mask-code.ts';

/** One pattern per tool list: the first group is the tool's name. */
const bareCallPattern = lastToolList((tools: readonly ToolSpec[]): RegExp | undefined => {
  const names = tools.map((tool) => tool.name).filter((name) => name !== '');
  if (names.length === 0) return undefined;
  const name = `(${names.map(escapeRegExp).join('|')})`;
  return new RegExp(
    [
      `(?<![\\w.-])call:${name}\\s*\\{`, // Gemma 4, FunctionGemma
      `(?<![\\w.-])${name}\\[ARGS\\]`, // Mistral v11
      `^[ \\t]*\\/?${name}(?:[ \\t]+[A-Za-z_][\\w-]*=\\S+)+[ \\t]*$`, // GLM `name k=v` (or a `/name k=v` command), the whole line
      // The same keyword arguments after a template's or a command's opener, anywhere outside code:
      // a Handlebars helper (`{{name k="v"}}`, `(name k="v")`, Semantic Kernel's plans), `@name k=v`.
      `(?:\\{\\{~?|\\(|@)[ \\t]*${name}(?:[ \\t]+[A-Za-z_][\\w-]*=(?:"[^"\\n]*"|'[^'\\n]*'|[^\\s"'}()]+))+[ \\t]*(?:~?\\}\\}|\\)|$)`,
      `(?<![\\w.-])(?:functions\\.)?${name}:\\d+\\s*\\{`, // Kimi K2
      // A Python-style call starting a line, its list brackets dropped, mistyped or doubled (`{..}`,
      // `name{k=v}`, `[(name(..),)]`), after a label ending in a colon (NexusRaven's `Call: name(..)`)
      // or a JSON key (`{"f": name(..)}`), with Llama's built-in `.call` or without, its first argument
      // a keyword (`k=`)...
      `^[ \\t]*(?:[A-Za-z][\\w -]{0,30}:[ \\t]*)?(?:[[{(][ \\t]*|"[^"\\n]{0,64}"[ \\t]*:[ \\t]*){0,3}${name}(?:\\.call)?[ \\t]*[({][ \\t]*[A-Za-z_]\\w*[ \\t]*=`,
      // ...or a literal (`"x"`, `3`, `[..]`, `True`) inside a list or after a JSON key, which no prose
      // writes (a `[` or `:` is part of this shape: `callAttemptNeeds`; after a prose label it may be an example).
      `^[({ \\t]*(?:\\[|"[^"\\n]{0,64}"[ \\t]*:)[[{( \\t]*${name}(?:\\.call)?[ \\t]*\\([ \\t]*(?:["'\\d[{-]|(?:True|False|None)\\b)`,
      // A Python-style call opening the text of an element that starts a line, whatever the element
      // (BrowserGym's `<action>click('12')</action>`): markup around a call no reader maps.
      `^[ \\t]*<[A-Za-z_][\\w:-]{0,64}>\\s*${name}(?:\\.call)?[ \\t]*\\([ \\t]*(?:\\)|["'\\d[{-]|(?:True|False|None)\\b|[A-Za-z_]\\w*[ \\t]*=)`,
      // The same call inside other code or markup, outside code quotes: an argument, a value assigned,
      // awaited or keyed, an element's text (`print(name(k=..))`, `x = await name(k=..)`, `{"f": name(k=..)}`,
      // `<execute>name(k=..)` as CodeAct agents write it). In a sentence (`run name(k=..) yourself`) it stays prose.
      `(?:(?<=[(>=:$][ \\t]*)|(?<=\\b(?:await|return)[ \\t]+))${name}[ \\t]*\\([ \\t]*[A-Za-z_]\\w*[ \\t]*=(?!=)`,
      // A JavaScript-style call with a JSON object (`functions.name({"k": ..})`), anywhere outside code;
      // its first key's colon is part of the shape (`callAttemptNeeds`: no attempt is found without one).
      `(?<![\\w.-])(?:functions\\.)?${name}[ \\t]*\\([ \\t]*\\{\\s*"[^"\\n]*"\\s*:`,
      // The name, a colon and a JSON object of arguments (`name: {"k": ..}`), starting a line.
      `^[ \\t]*${name}[ \\t]*:[ \\t]*\\{\\s*"[^"\\n]*"\\s*:`,
      // An offered tool's bracket action (`search[earbuds]`, WebShop's `click[Buy Now]`) ending a line
      // it starts, a colon introduces or an assignment opens (ReWOO's plan step `#E1 = search[earbuds]`):
      // ReAct's bracket form with its `Action` label written otherwise or not at all.
      `(?:^[ \\t]*|:[ \\t]+|(?<![=!<>])=[ \\t]*)${name}\\[[^\\]\\n]+\\][ \\t]*$`,
    ].join('|'),
    'm',
  );
});

/**
 * A label line naming only an offered tool (`Tool: name`, `TOOL: name`, `Function name: name`,
 * AgentBench's `Act: name` above a fenced script), its arguments elsewhere: any label that says
 * "call", in any letter case (the tool's name too: a near miss is corrected with the names on offer).
 */
const labelLinePattern = lastToolList((tools: readonly ToolSpec[]): RegExp | undefined => {
  const names = tools.map((tool) => tool.name).filter((name) => name !== '');
  if (names.length === 0) return undefined;
  const label = '(?:tool|function|act(?:ion)?s?|call|command|invoke|execute|operation)(?:[ _]?(?:name|type|call))?';
  // Also in markdown emphasis (`**Tool:** name`).
  return new RegExp(`^[ \\t]*(?:[*_]{1,2})?${label}[ \\t]*(?:[*_]{1,2})?:[ \\t]*(?:[*_]{1,2}[ \\t]*)?["'\`*]*(${names.map(escapeRegExp).join('|')})["'\`*]*[ \\t]*$`, 'im');
});

/** An opening tag with attributes; its name and its attributes' text. */
const attributedTag = /<([A-Za-z_][\w:-]{0,64})((?:\s+[\w:-]+\s*=\s*(?:"[^"\n]*"|'[^'\n]*'))+)\s*\/?>/g;
const callTagName = /call|tool|function|invoke|action|exec|command/i;
const nameAttribute = /(?:^|\s)(?:name|tool|tool_name|function)\s*=\s*(?:"([^"]*)"|'([^']*)')/;

/**
 * A call tag whose name attribute names an offered tool (DR Tulu's `<call_tool name="search">q</call_tool>`,
 * `<use_tool name="..">`): the tag says "call"; a tag of another name (`<a name="search">`) is HTML.
 */
function namedCallTag(text: string, tools: readonly ToolSpec[]): string | undefined {
  for (const match of text.matchAll(attributedTag)) {
    const tag = match[1] ?? '';
    // The dialects' own tags (`<invoke name=..>`, `<function name=..>`, namespaced `<atem:invoke ..>`)
    // are their readers' and markers' to judge: a closed one may be talk about a call.
    if (!callTagName.test(tag) || tag.includes(':') || /^(?:invoke|function)$/i.test(tag)) continue;
    const attribute = nameAttribute.exec(match[2] ?? '');
    const named = attribute?.[1] ?? attribute?.[2];
    if (named !== undefined && tools.some((tool) => tool.name === named)) return named;
  }
  return undefined;
}

/**
 * A fence labelled with a call format (Gemma 3's and Gemini's ```` ```tool_code ````, ```` ```function_call ````) and its body,
 * also one the reply leaves open (cut off, or never closed): the label says what it holds either way.
 */
const callFence = /^[ \t]*(`{3,})[ \t]*(?:tool_code|tool_calls?|function_calls?|tool_use)[ \t]*\r?\n([\s\S]*?)(?:^[ \t]*\1|(?![\s\S]))/gm;

/**
 * An offered tool called in a fence whose label names a call format (`print(get_weather(city="Oslo"))`,
 * `default_api.search(query="x")`): the label says the fence is a call, not a quotation, so it is never
 * the answer. Only a body with a keyword argument or a JSON key counts (`=` or `:`, `callAttemptNeeds`).
 */
function callInLabelledFence(text: string, tools: readonly ToolSpec[]): string | undefined {
  for (const match of text.matchAll(callFence)) {
    const body = match[2] ?? '';
    if (!/[=:]/.test(body)) continue;
    const called = tools.find((tool) => tool.name !== '' && new RegExp(`(?<![\\w-])${escapeRegExp(tool.name)}[ \\t]*[({]`).test(body));
    if (called) return called.name;
  }
  return undefined;
}

/** The name as a YAML key with the arguments as a mapping under it (`name:` then `  key: value`); looked for only where a line ends in a colon. */
const yamlCallPattern = lastToolList((tools: readonly ToolSpec[]): RegExp | undefined => {
  const names = tools.map((tool) => tool.name).filter((name) => name !== '');
  if (names.length === 0) return undefined;
  return new RegExp(`^[ \\t]*(${names.map(escapeRegExp).join('|')})[ \\t]*:[ \\t]*\\r?\\n[ \\t]+[A-Za-z_][\\w-]*[ \\t]*:[ \\t]*\\S`, 'm');
});

/** The name of the offered tool a bare call in `text` names, or undefined when there is none. */
export function bareCallAttempt(text: string, tools: readonly ToolSpec[]): string | undefined {
  const pattern = bareCallPattern(tools);
  const unquoted = maskCode(text);
  const match = pattern?.exec(unquoted);
  if (match) return match.slice(1).find((group) => group !== undefined);
  const labelled = labelLinePattern(tools)?.exec(unquoted)?.[1];
  if (labelled !== undefined) return tools.find((tool) => tool.name.toLowerCase() === labelled.toLowerCase())?.name ?? labelled;
  return (
    (unquoted.includes('<') ? namedCallTag(unquoted, tools) : undefined) ??
    (text.includes('```') ? callInLabelledFence(text, tools) : undefined) ??
    (/:[ \t]*\r?\n/.test(unquoted) ? yamlCallPattern(tools)?.exec(unquoted)?.[1] : undefined)
  );
}
