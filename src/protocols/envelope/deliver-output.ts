/**
 * A `send_response` action (seed 003 `output`): its content is resolved (`text` with its `$(...)`
 * variables, a `variable`, or a `file_path` inside the configured roots, approved like a read-only
 * tool), delivered to the user as an `output` event at once, and kept in the turn's replies so a
 * SUCCESS_FINAL turn can answer with the stacked responses. What cannot be resolved fails the action
 * (nothing reaches the user; the model is told why) and so stops the turn's later actions.
 */
import type { AnswerUserDecision, ToolSpec } from '../../spec/decision.ts';
import type { ActionNotes } from '../../spec/action-notes.ts';
import type { DecisionReply } from '../../spec/accepted-turn.ts';
import { errorResult } from '../../tools/toolbox.ts';
import type { Codec } from '../codec.ts';
import { deliveredReply, SEND_RESPONSE } from '../delivered-reply.ts';
import type { DeliveredOutput, TurnHost } from '../turn-runner.ts';
import { readRootFile } from './read-root-file.ts';
import type { Resolved, RunVariables } from './run-variables.ts';

/** What the approval policy sees for a `file_path` source: a read-only tool. */
export const fileReadSpec: ToolSpec = {
  name: SEND_RESPONSE,
  description: 'Reads a file inside the configured roots and sends its content to the user.',
  inputSchema: { type: 'object', properties: { file_path: { type: 'string' } }, required: ['file_path'] },
  annotations: { title: 'send a file to the user', readOnlyHint: true },
};

/** What an output needs from its run. */
export interface OutputContext {
  codec: Codec;
  host: TurnHost;
  variables: RunVariables;
  fileRoots: readonly string[];
}

type Source = DeliveredOutput['source'];

async function content(run: OutputContext, decision: AnswerUserDecision, notes: ActionNotes | undefined): Promise<Resolved & { source: Source }> {
  const source = notes?.source;
  if (source && 'variable' in source) return { ...run.variables.resolveName(source.variable), source: 'variable' };
  if (!source) return { ...run.variables.fill(decision.answer), source: 'text' };
  const refusal = await run.host.approve(fileReadSpec, { file_path: source.file_path });
  if (refusal !== undefined) return { ok: false, message: refusal, source: 'file_path' };
  const file = await readRootFile(source.file_path, run.fileRoots, run.host.signal);
  return file.ok ? { ok: true, text: file.text, source: 'file_path' } : { ...file, source: 'file_path' };
}

export async function deliverOutput(run: OutputContext, decision: AnswerUserDecision, notes: ActionNotes | undefined, index: number): Promise<DecisionReply> {
  const resolved = await content(run, decision, notes);
  if (!resolved.ok) {
    return { content: run.codec.observation(errorResult(`Not delivered: ${resolved.message}.`), { tool: SEND_RESPONSE }), isError: true };
  }
  const confidence = decision.confidence === undefined ? {} : { confidence: decision.confidence };
  run.host.output({ text: resolved.text, index, source: resolved.source, ...confidence });
  return deliveredReply(run.codec, { text: resolved.text, ...confidence });
}
