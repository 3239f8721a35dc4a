/**
 * An element named for a call (`<Action>`, `<action>`, `<tool>`, `<function>`, `<command>`, `<call>`,
 * their plurals) whose whole text is a step written as a call no reader read: `name(..)` with its
 * brackets closing the text (`<Action>scroll(down)</Action>`, `<Action>click(submit)</Action>`), or an
 * offered tool's name with more after it (`<Action>click 7</Action>`). Web agents (OpenAgents' web
 * bot) write their steps so; returned as the answer the reply would carry the markup and hide the
 * step. It is corrected, never answered. An element whose text is prose (`<action>rest a while</action>`)
 * or a name no tool has stays prose (`named-tool-element.ts` names an offered tool written alone).
 */
import type { ToolSpec } from '../../spec/decision.ts';
import type { ReadFailure } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';
import { maskCode } from './mask-code.ts';

const callElement = /<((?:actions?|tools?|functions?|commands?|calls?))>([^<>]{1,400})<\/\1>/gi;
/** `name(..)`: a name, then brackets that close the element's text. */
const callShape = /^([A-Za-z_][\w.-]*)[ \t]*\([^]*\)$/;

/** The correction for the first element named for a call whose text is a call no reader read; undefined when none is. */
export function callElementBody(text: string, tools: readonly ToolSpec[]): ReadFailure | undefined {
  if (!text.includes('<')) return undefined;
  const offered = tools.map((tool) => tool.name).filter((name) => name !== '');
  for (const match of maskCode(text).matchAll(callElement)) {
    const body = (match[2] ?? '').trim();
    const element = sanitizeName(match[1] ?? '');
    const called = callShape.exec(body)?.[1];
    if (called !== undefined) {
      return { kind: 'no-decision', message: `the reply holds <${element}>${sanitizeName(called)}(..)</${element}>, a call that could not be read`, toolName: sanitizeName(called) };
    }
    const led = offered.find((name) => body.length > name.length && body.startsWith(name) && /^[ \t;:,]+\S/.test(body.slice(name.length)));
    if (led !== undefined) {
      return { kind: 'no-decision', message: `the reply holds <${element}> naming \`${sanitizeName(led)}\` with more after the name, a call that could not be read`, toolName: sanitizeName(led) };
    }
  }
  return undefined;
}
