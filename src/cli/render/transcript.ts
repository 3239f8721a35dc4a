/**
 * `reins show`: a stored run as a readable transcript, record by record: the question and setup,
 * each model reply and decision, corrections, tool calls with their results, questions and replies,
 * interruptions and resumes, and how the run ended.
 */
import type { RunRecord, StoredRun } from '../../sessions/run-records/run-record.ts';
import type { ActionNotes } from '../../protocols/codec.ts';
import { plural, tokensText } from './trace.ts';

const indent = (text: string, prefix = '    ') => text.split('\n').map((line) => `${prefix}${line}`).join('\n');

export function renderTranscript(run: StoredRun): string {
  const { summary, meta } = run;
  const head = [
    `run ${summary.id}  ${summary.status}`,
    `question: ${summary.question}`,
    `model: ${summary.model ?? '?'} · protocol: ${summary.protocol ?? '?'} · started ${summary.createdAt}`,
    ...(summary.owner ? [`owner: process ${summary.owner.pid} on ${summary.owner.host} · last active ${summary.owner.heartbeatAt}`] : []),
    ...(meta.config ? [`setup: ${JSON.stringify(meta.config)}`] : []),
    '',
  ];
  return [...head, ...run.records.flatMap(renderRecord)].join('\n');
}

/** An action's confidence and warnings (envelope), after the action. */
function notesText(notes: ActionNotes | undefined): string {
  if (!notes) return '';
  const parts = [
    ...(notes.confidence === undefined ? [] : [`confidence ${notes.confidence}`]),
    ...(notes.warnings ?? []).map((warning) => `warning: ${warning}`),
  ];
  return parts.length ? ` (${parts.join('; ')})` : '';
}

/** One stored record as transcript lines (also `reins run --queue`, as a worker stores them). */
export function renderRecord(record: RunRecord): string[] {
  const at = `[${record.step}]`;
  switch (record.type) {
    case 'run-start':
      return [`${at} start · ${plural(record.tools.length, 'tool')}: ${record.tools.map((tool) => tool.name).join(', ')}`];
    case 'run-resume': {
      const calls = record.interruptedCalls.map((call) => `${call.tool} (${call.callId}) interrupted, reported to the model`);
      return [`${at} resumed${calls.length ? ` · ${calls.join('; ')}` : ''}`];
    }
    case 'model-request':
      return [`${at} model request${record.attempt > 1 ? ` (attempt ${record.attempt})` : ''} · ${plural(record.messages.length, 'message')}`];
    case 'model-response': {
      const calls = record.toolCalls.map((call) => `tool call ${call.name} ${JSON.stringify(call.arguments)}`);
      return [`${at} model reply (${tokensText(record.usage)}):`, indent([record.text, ...calls].filter(Boolean).join('\n') || '(empty)')];
    }
    case 'decision': {
      const thoughts = record.thoughts.map((thought) => `${thought.type}: ${thought.content}`);
      const actions = record.decisions.map((decision, index) => JSON.stringify(decision) + notesText(record.actions?.[index]));
      const status = record.status ? ` (${record.status})` : '';
      return [`${at} decision${status}${record.repaired ? ' (repaired)' : ''}:`, indent([...thoughts, ...actions].join('\n'))];
    }
    case 'output':
      return [`${at} output to the user${record.confidence === undefined ? '' : ` (confidence ${record.confidence})`}: ${record.text}`];
    case 'output-invalid':
      return [`${at} invalid output (attempt ${record.attempt}): ${record.reason}`, indent(`correction: ${record.correction}`)];
    case 'tool-call-start':
      return [`${at} ${record.handler ? `${record.handler} handler` : 'tool'} call ${record.tool} ${JSON.stringify(record.args)} (${record.callId})`];
    case 'tool-call-end':
      return [`${at} ${record.outcome === 'error' ? 'tool error' : 'tool result'} ${record.tool}:`, indent(record.observation)];
    case 'approval-request':
      return [`${at} approval asked for ${record.tool} (${record.reason})`];
    case 'approval-reply':
      return [`${at} approval ${record.approved ? 'given' : 'refused'} for ${record.tool}`];
    case 'user-question': {
      const needed = record.requiredInfo?.length ? ` · needed: ${record.requiredInfo.join(', ')}` : '';
      const why = record.context === undefined ? (record.why ? ` (why: ${record.why})` : '') : ` (context: ${record.context})`;
      return [`${at} question to the user: ${record.question}${why}${needed}`];
    }
    case 'user-reply':
      if ('automatic' in record) return [`${at} no user available (automatic reply): the model was told: ${record.reply}`];
      return [`${at} user replied: ${record.reply}`];
    case 'answer': {
      const notes = [record.bestEffort ? 'best effort' : '', record.confidence === undefined ? '' : `confidence ${record.confidence}`, record.delivered ? 'the outputs above' : ''];
      const said = notes.filter(Boolean).join(', ');
      return [`${at} answer${said ? ` (${said})` : ''}:`, indent(record.answer)];
    }
    case 'run-end': {
      const error = record.error ? ` · ${record.error.name}: ${record.error.message}` : '';
      return [`${at} end: ${record.status} · ${tokensText(record.usage)}${error}`];
    }
    default:
      return [`${at} ${record.type}`];
  }
}
