/**
 * A reply that is nothing but a call written as code: a name-like head right before one JSON object
 * that ends the reply, on the same line.
 *
 *   lookup_wether{"city": "Oslo"}          a tool that is not offered
 *   functions.lookup0{"city": "Oslo"}      a Kimi K2 head that lost its index colon
 *   functions.:0{"city": "Oslo"}           a Kimi K2 head with no tool name
 *
 * Such a reply answers no user: no prose is around it, and its shape is the shape every bare-call
 * family writes (`name{..}`, `functions.name:0{..}`). A reader takes it where it names an offered
 * tool; anything else is a call no reader could run, so it is corrected (naming the tool it wrote,
 * or saying it named none), never returned as the answer with its markup. A head on a line of its
 * own (`json` above an object) is a label, and an object whose first key is neither quoted nor a
 * bare word before a colon is no call's arguments: both stay answers.
 *
 * So is a reply that is nothing but Python-style calls without their list brackets that no reader
 * took (`bare-python-calls.ts` reads complete keyword calls of offered tools): one cut off before its
 * `)`, or calls naming a tool not offered (`Click(x=5)` where `click` is), corrected, never answered.
 * In a sentence the same call is prose that mentions a tool (`find-call-attempt.ts` decides there).
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { closingBracketIndex } from '../extract/closing-bracket-index.ts';
import type { ReadFailure } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';
import { availableList } from '../validate-decision.ts';
import { withoutQualifiers } from './qualified-tool-names.ts';
import { readPythonCalls } from './python-literal.ts';

/**
 * A head (a word, dotted words, and maybe a Kimi K2 index `:0`, also after a bare namespace) right before the object's `{`; spaces
 * or tabs between them only after a dotted or indexed head (`functions.x:0 {`), since a word, a space
 * and an object is a sentence (`Calling {"name": ..}`), and so is a label (`Result: {..}`).
 */
const head = /^([A-Za-z_][\w-]*(?:\.[\w-]+)*(?:\.?:\d+)?)([^\S\n]*)\{/;

/** The object opens with a key (quoted, or a bare word before a colon) or closes at once. */
const objectStart = /^\{\s*(?:["'}]|[A-Za-z_]\w*\s*:)/;

/** The tool a head names: its `functions.` namespace and its Kimi K2 index (`:0`) taken off. */
const headName = (written: string): string => written.replace(/^functions\./, '').replace(/:\d*$/, '');

/** A reply that opens with a name and `(`. */
const pythonOpening = /^([A-Za-z_][\w-]*)\s*\(/;

/**
 * A failure for a reply that is nothing but Python-style calls, one passing keyword arguments, that
 * name a tool not offered (`Click(x=5, y=9)` where `click` is offered): no answer is written so.
 */
function unknownPythonCall(body: string, tools: readonly ToolSpec[]): ReadFailure | undefined {
  const calls = readPythonCalls(body);
  const unknown = calls?.some((call) => Object.keys(call.args).length > 0) ? calls.find((call) => !tools.some((tool) => tool.name === call.name)) : undefined;
  if (!unknown) return undefined;
  return { kind: 'unknown-tool', message: `the reply is a call of \`${sanitizeName(unknown.name)}\`, which is no offered tool (available: ${availableList(tools)})`, toolName: sanitizeName(unknown.name) };
}

/** A failure for a reply that is only Python-style calls of offered tools with no list around them, or one cut off; undefined otherwise. */
function unlistedPythonCalls(body: string, tools: readonly ToolSpec[]): ReadFailure | undefined {
  const name = pythonOpening.exec(body)?.[1];
  if (name === undefined) return undefined;
  if (!tools.some((tool) => tool.name === name)) return unknownPythonCall(body, tools);
  const safeName = sanitizeName(name);
  // No `)` after the call opened: the reply was cut off inside it.
  if (!body.includes(')')) return { kind: 'no-decision', message: `the call of \`${safeName}\` is cut off before its closing parenthesis: resend the whole call`, toolName: safeName };
  const calls = readPythonCalls(body);
  if (!calls || !calls.every((call) => tools.some((tool) => tool.name === call.name))) return undefined;
  return { kind: 'no-decision', message: `the reply is a Python-style call of \`${safeName}\` outside a list: write the calls as a list, [${safeName}(..)]`, toolName: safeName };
}

/** A failure for a reply that is one call-shaped expression naming no offered tool, or unlisted Python-style calls; undefined otherwise. */
export function callShapedReply(text: string, tools: readonly ToolSpec[]): ReadFailure | undefined {
  const body = text.trim();
  const unlisted = unlistedPythonCalls(body, tools);
  if (unlisted) return unlisted;
  const match = head.exec(body);
  if (!match || (match[2] !== '' && !/[.:]/.test(match[1] as string))) return undefined;
  const open = match[0].length - 1;
  if (!objectStart.test(body.slice(open)) || closingBracketIndex(body, open) !== body.length) return undefined;
  const name = headName(match[1] as string);
  if (name === '') {
    return { kind: 'no-decision', message: 'the reply is a tool call that names no tool: write the call with the name of an offered tool, or answer in plain text' };
  }
  // An offered tool's name (also qualified: `default_api.search`) is the readers' and the call-attempt check's to handle.
  if (tools.some((tool) => tool.name === name) || withoutQualifiers(name, tools) !== name) return undefined;
  const safeName = sanitizeName(name);
  return { kind: 'unknown-tool', message: `the reply is a call of \`${safeName}\`, which is no offered tool (available: ${availableList(tools)})`, toolName: safeName };
}
