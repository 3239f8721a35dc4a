/**
 * Coverage of answers and plans a dialect read (invariant 1): an answer or a question a reader took
 * from the reply (Functionary's `all` recipient, a ReAct `Final Answer:`, a harmony final message),
 * and the plan it kept beside its calls (a `Thought:`, AgentScope's `speak`), are prose like any
 * other, so they hold no call attempt in any dialect and no model special token. One that does is
 * refused with the correction the plain-text answer gets (`findCallAttempt`): the model's markup was
 * not read, and handing it on as the answer, or keeping it as a thought, would hide what it meant.
 */
import type { ToolSpec } from '../spec/decision.ts';
import type { ReadFailure, Reading } from './reading.ts';
import { findCallAttempt } from './dialects/find-call-attempt.ts';
import { callAttemptMask, mayRead, presentCharacters } from './dialects/drift-readers.ts';
import { blankQuoted } from './extract/blank-quoted.ts';
import { isRecord } from './extract/read-json.ts';

/** The text of an answer or question item, or undefined for a call. */
function answerText(item: unknown): string | undefined {
  if (!isRecord(item)) return undefined;
  if (item.action === 'answer_user' && typeof item.answer === 'string') return item.answer;
  if (item.action === 'ask_user' && typeof item.question === 'string') return item.question;
  return undefined;
}

/**
 * Decisions whose every field the model typed as a JSON value (the json and envelope protocols' own
 * objects, and the tool calls a provider delivered, which carry `toolCallIds`): an answer there is a
 * string the model declared as the answer, quoted, so markup in it is its content (an answer may show
 * a tool-call format), as a call's string values are.
 */
const typedDecisions: ReadonlySet<string> = new Set(['json', 'envelope']);
const isTyped = (reading: Reading): boolean => typedDecisions.has(reading.dialect) || reading.toolCallIds !== undefined;

/**
 * False when `text` holds none of the characters one of which every call attempt and special token
 * holds (`callAttemptNeeds`): `findCallAttempt` would find nothing there (most answers and plans).
 * Blanking quotations only turns characters into spaces, so the text as written decides.
 */
const mayHoldAttempt = (text: string): boolean => mayRead(callAttemptMask, presentCharacters(text, callAttemptMask));

/** A failure naming the markup in an answer, a question or a plan of `reading`; undefined when they hold none. */
export function markedAnswer(reading: Reading, tools: readonly ToolSpec[]): ReadFailure | undefined {
  if (isTyped(reading)) return undefined;
  for (const item of reading.items) {
    const text = answerText(item);
    if (text === undefined || !mayHoldAttempt(text)) continue;
    // Quoted text in the answer (an indented block, a comment, a fence in a quotation) shows a call, never holds one.
    const attempt = findCallAttempt(blankQuoted(text), tools);
    if (attempt) return attempt;
  }
  // The plan a reader kept beside its calls is the model's prose too: a call or a token in it was
  // never read. An element naming only the tools of the calls read labels them (`stray-prose.ts`).
  const called = new Set<string>();
  for (const item of reading.items) if (isRecord(item) && typeof item.tool === 'string') called.add(item.tool);
  for (const thought of reading.thoughts) {
    const attempt = !mayHoldAttempt(thought.content) ? undefined : findCallAttempt(blankQuoted(thought.content), tools, 'in the text beside the call(s) read', called);
    if (attempt) return attempt;
  }
  return undefined;
}
