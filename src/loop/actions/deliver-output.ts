/**
 * A `send_response` action (seed 003 `output`): its content is resolved (`text` with its `$(...)`
 * variables, a `variable`, or a `file_path` inside the configured roots, approved like a read-only
 * tool), delivered to the user as an `output` event at once, and kept in the turn's replies so a
 * SUCCESS_FINAL turn can answer with the stacked responses. What cannot be resolved fails the action
 * (nothing reaches the user; the model is told why) and so stops the turn's later actions.
 */
import type { AnswerUserDecision, ToolSpec } from '../../spec/decision.ts';
import type { ActionNotes } from '../../protocols/codec.ts';
import { deliveredReply, SEND_RESPONSE } from '../../protocols/delivered-reply.ts';
import { errorResult } from '../../tools/toolbox.ts';
import { checkApproval } from '../approval.ts';
import type { DecisionReply } from '../../spec/accepted-turn.ts';
import type { RunState } from '../run-state.ts';
import { readRootFile } from './read-root-file.ts';
import type { Resolved } from './run-variables.ts';


/** What the approval policy sees for a `file_path` source: a read-only tool. */
export const fileReadSpec: ToolSpec = {
  name: SEND_RESPONSE,
  description: 'Reads a file inside the configured roots and sends its content to the user.',
  inputSchema: { type: 'object', properties: { file_path: { type: 'string' } }, required: ['file_path'] },
  annotations: { title: 'send a file to the user', readOnlyHint: true },
};

async function content(state: RunState, decision: AnswerUserDecision, notes: ActionNotes | undefined): Promise<Resolved & { source: OutputSource }> {
  const source = notes?.source;
  if (source && 'variable' in source) return { ...state.transcript.variables.resolveName(source.variable), source: 'variable' };
  if (!source) return { ...state.transcript.variables.fill(decision.answer), source: 'text' };
  const args = { file_path: source.file_path };
  const refusal = await checkApproval(state.context, fileReadSpec, args);
  if (refusal) return { ok: false, message: refusal.message, source: 'file_path' };
  const file = await readRootFile(source.file_path, state.context.fileRoots, state.context.signal);
  return file.ok ? { ok: true, text: file.text, source: 'file_path' } : { ...file, source: 'file_path' };
}

export type OutputSource = 'text' | 'file_path' | 'variable';

export async function deliverOutput(state: RunState, decision: AnswerUserDecision, notes: ActionNotes | undefined, index: number): Promise<DecisionReply> {
  const resolved = await content(state, decision, notes);
  if (!resolved.ok) {
    return { content: state.context.codec.observation(errorResult(`Not delivered: ${resolved.message}.`), { tool: SEND_RESPONSE }), isError: true };
  }
  const confidence = decision.confidence === undefined ? {} : { confidence: decision.confidence };
  state.context.emit({ type: 'output', text: resolved.text, index, source: resolved.source, ...confidence });
  return deliveredReply(state.context.codec, { text: resolved.text, ...confidence });
}

