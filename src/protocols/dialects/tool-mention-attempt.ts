/**
 * The general rule behind the call-attempt check, for call syntaxes no reader knows: an offered
 * tool's name written with the parts of a call beside it is a call attempt, whatever the spelling.
 * Each new agent framework invents its own (`@name(id): {..}`, `[Calling tool: name(..)]`,
 * `{"request": "name", ..}`, `name -> {..}`); what they share is the name and
 * call structure around it:
 *
 *   get_weather("Paris")                   the name, then `(` opening its arguments
 *   [get_weather(Paris)]                   the whole call in square brackets, any arguments
 *   get_weather(city_name)                 a call ending its line, its arguments bare names not all
 *                                          declared parameters (`variable-argument-call.ts`)
 *   get_weather(/tmp)                      a line holding only the call, any arguments or none
 *                                          (`call-statement-line.ts`)
 *   {"op": "get_weather"}                  the name as a JSON value
 *   get_weather -> {"location": "Paris"}   the name, then one of its declared parameters as a key
 *   [get_weather] location=Paris           (`"location":`, `location=`, `{location:`, `--location`,
 *   get_weather --location Paris           `<location>Paris</location>`) on its line or the next
 *   get_weather location: Paris            the name, then at once a declared parameter as a bare key
 *   Click [2]                              the name opening a line, then a square-bracketed input
 *   [Tool: get_weather]                    the name after a bracketed label saying a tool was used
 *                                          (`bracket-tool-label.ts`)
 *   <name>get_weather</name><location>     the name as an element's whole text, then one of its
 *                                          declared parameters as an element (ai-agent-toolbox's
 *                                          `<use_tool><name>..</name><arg>..</arg></use_tool>`), also
 *                                          inside `<parameters>` (`<arguments>`, ..) holding a value
 *
 * Prose that mentions a tool (`I used get_weather earlier`, `the get_weather() function`, an element
 * around its name for emphasis) has none of these and stays the answer, and so does a tool's
 * definition echoed as JSON (`"type": "function"`, a description or a schema beside the name).
 * Returned as the answer, a call in an unknown spelling would be a call the model made and nobody
 * ran; corrected, the model rewrites it in the expected shape. Code quoted inline or fenced is talk
 * about a call (`maskCode`), except an action set off by three backticks in the middle of a line
 * (`delimited-action-attempt.ts`), and the tools whose calls a reply's readers already read are skipped
 * (a plan beside a call names its tool). A call attempt found here is corrected, never run: which
 * tool and arguments were meant is for the model to write again.
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { escapeRegExp } from '../reading.ts';
import { maskCode } from './mask-code.ts';
import { delimitedActionAttempt } from './delimited-action-attempt.ts';
import { variableArgumentCall } from './variable-argument-call.ts';
import { callStatementLine } from './call-statement-line.ts';
import { bracketInputAttempt } from './bracket-input-attempt.ts';
import { bracketToolLabel } from './bracket-tool-label.ts';

/** A name not part of a longer one: no word character, dot or dash on either side. */
const edge = (name: string) => `(?<![\\w.-])${escapeRegExp(name)}(?![\\w-])`;

/** The declared parameter names of `tool` (those a reply could write as keys). */
function parameterNames(tool: ToolSpec): string[] {
  const properties = (tool.inputSchema as { properties?: unknown }).properties;
  if (typeof properties !== 'object' || properties === null) return [];
  return Object.keys(properties).filter((name) => /^[\w$-]+$/.test(name));
}

/**
 * `name(` then an argument, a value or a keyword (`name()` alone is how prose refers to a function).
 * (An attribute naming a tool is a call only on an element named for one, `find-call-attempt.ts`:
 * `<input name="search">` in an HTML answer is a form field.)
 */
function structureAroundName(name: string): RegExp {
  return new RegExp(`${edge(name)}\\((?=\\s*(?:[{["'\\d-]|[A-Za-z_]\\w*\\s*[=:]))`);
}

/**
 * The whole call set in square brackets, `[name(..)]` (Toolformer's inline calls: `[WikiSearch(Brown
 * Act)]`), whatever its arguments: prose that names a function writes no brackets around it. Not a
 * call: a markdown link's text (`[name(x)](url)`) and the tool's signature, its parentheses holding
 * only its declared parameters' names (`[read(file_path)]`).
 */
function bracketedCall(text: string, name: string, parameters: readonly string[]): boolean {
  const call = new RegExp(`\\[[ \\t]*${edge(name)}\\(([^\\n]*?)\\)[ \\t]*\\](?!\\()`, 'g');
  for (const match of text.matchAll(call)) {
    const inside = (match[1] ?? '').split(',').map((part) => part.trim());
    if (!inside.every((part) => parameters.includes(part))) return true;
  }
  return false;
}

/**
 * The name as a JSON value. (As a key it is a call only where it holds the arguments alone,
 * `tool-keyed-object.ts`: `{"weather": {..}, "city": ..}` is data a weather tool's name may key.)
 */
function jsonAroundName(name: string): RegExp {
  return new RegExp(`:\\s*["']${escapeRegExp(name)}["']`);
}

/** A tool's definition echoed as JSON: an OpenAI function object, or a description or schema beside the name. */
const toolDefinition = /["']type["']\s*:\s*["']function["']|["'](?:description|parameters|input_?schema|inputSchema)["']\s*:/i;

/**
 * One of `tool`'s declared parameters written as a key (`"city":`, `city=`, `{city:`), as a command
 * line's flag (`--city`) or as a closed element (`<city>Paris</city>`; an unclosed `<city>` is a usage
 * line's placeholder), globally.
 */
function parameterKey(parameters: readonly string[]): RegExp | undefined {
  if (parameters.length === 0) return undefined;
  const parameter = `(?:${parameters.map(escapeRegExp).join('|')})`;
  const key = `["']${parameter}["']\\s*:|(?<![\\w.-])${parameter}\\s*=(?!=)|[{,]\\s*${parameter}\\s*:`;
  const flag = `(?<![\\w-])--${parameter}(?![\\w-])`;
  const element = `<${parameter}(?:\\s[^<>]*)?>[^<]*</${parameter}\\s*>`;
  return new RegExp(`${key}|${flag}|${element}`, 'g');
}

/** The name, then at once one of its declared parameters as a bare key with a value (`search query: cats`). */
function bareKeyAfterName(name: string, parameters: readonly string[]): RegExp | undefined {
  if (parameters.length === 0) return undefined;
  return new RegExp(`${edge(name)}[ \\t:]+(?:${parameters.map(escapeRegExp).join('|')})[ \\t]*:[ \\t]*\\S`);
}

/**
 * True when a parameter key follows a mention of the tool on the mention's line, or stands on the
 * next line. Each line is searched a fixed number of times, so a long reply costs time in proportion
 * to its length (one regular expression spanning both lines backtracked on every mention).
 */
function parameterAfterName(text: string, name: string, parameters: readonly string[]): boolean {
  const key = parameterKey(parameters);
  if (!key) return false;
  const mention = new RegExp(edge(name));
  const keyFrom = (line: string, from: number) => {
    key.lastIndex = from;
    return key.test(line);
  };
  let mentionedAbove = false;
  for (const line of text.split('\n')) {
    if (mentionedAbove && keyFrom(line, 0)) return true;
    const at = mention.exec(line);
    if (at && keyFrom(line, at.index + name.length)) return true;
    mentionedAbove = at !== null;
  }
  return false;
}

/** Element names a tool definition echoed as XML holds after the name: never read as a parameter here. */
const definitionElements = new Set(['description', 'parameters', 'input_schema', 'inputSchema', 'type', 'properties', 'required']);

/** The elements a call's arguments are wrapped in (`<parameters><city>..`), as JSON calls key them. */
const argumentWrappers = '(?:parameters|arguments|args|params|input)';

/**
 * The name as an element's whole text, then (only whitespace between) an element named for one of the
 * tool's declared parameters: `<name>calc</name><numbers>1,2</numbers>`, or the same inside an
 * arguments element, holding a value: `<name>calc</name><arguments><numbers>1,2</numbers>`. A bare
 * `<name>calc</name>` stays prose (`named-tool-element.ts`), and so does a definition echoed with its
 * description or schema (`<parameters><numbers><type>..`: the parameter holds elements, not a value).
 */
function parameterElementAfterName(name: string, parameters: readonly string[]): RegExp | undefined {
  const elements = parameters.filter((parameter) => !definitionElements.has(parameter));
  if (elements.length === 0) return undefined;
  const parameter = `(?:${elements.map(escapeRegExp).join('|')})`;
  const named = `>\\s*${escapeRegExp(name)}\\s*</[\\w.-]+>\\s*`;
  return new RegExp(`${named}<${parameter}[\\s/>]|${named}<${argumentWrappers}>\\s*<${parameter}>[ \\t]*[^<\\s]`);
}

/** The offered tool (not in `called`) whose name `text` writes with call structure, or undefined. */
export function toolMentionAttempt(text: string, tools: readonly ToolSpec[], called: ReadonlySet<string> = new Set()): string | undefined {
  let masked: string | undefined;
  for (const tool of tools) {
    if (tool.name === '' || called.has(tool.name) || !text.includes(tool.name)) continue;
    if (delimitedActionAttempt(text, tool.name)) return tool.name;
    masked ??= maskCode(text);
    if (!masked.includes(tool.name)) continue;
    const parameters = parameterNames(tool);
    if (structureAroundName(tool.name).test(masked) || bracketedCall(masked, tool.name, parameters)) return tool.name;
    if (variableArgumentCall(masked, tool.name, parameters) || callStatementLine(masked, tool.name, parameters)) return tool.name;
    if (bracketInputAttempt(masked, tool.name) || bracketToolLabel(masked, tool.name)) return tool.name;
    if (toolDefinition.test(masked)) continue;
    if (jsonAroundName(tool.name).test(masked)) return tool.name;
    if (parameterAfterName(masked, tool.name, parameters)) return tool.name;
    if (bareKeyAfterName(tool.name, parameters)?.test(masked)) return tool.name;
    if (parameterElementAfterName(tool.name, parameters)?.test(masked)) return tool.name;
  }
  return undefined;
}
