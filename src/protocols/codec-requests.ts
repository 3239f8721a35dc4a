/**
 * What a codec asks of the model after its system prompt, in one place: to reply again after invalid
 * output (what was wrong, in one sanitized line, up to a few precise details, then the expected shape
 * once), and, on the best-effort last turn, to give only a final answer.
 */
import type { InvalidDecisionError } from '../errors/invalid-decision-error.ts';
import type { RenderInput } from './codec.ts';
import { sanitizeSnippet } from './sanitize.ts';

const maxDetails = 5;

/** The correction sent after invalid output. */
export function correctionText(error: InvalidDecisionError, expectedShape: string): string {
  const message = sanitizeSnippet(String(error?.message ?? 'invalid output'), 300);
  const details = (Array.isArray(error?.details) ? error.details : [])
    .slice(0, maxDetails)
    .map((detail) => `- ${sanitizeSnippet(String(detail), 160)}`);
  return [`Your last reply was rejected: ${message}.`, ...details, 'Reply again in exactly this shape:', expectedShape].join('\n');
}

/** How a text protocol asks for only a final answer, with the answer's shape rendered by the codec itself. */
export function answerOnly(render: (input: RenderInput) => string): string {
  return `Reply with only your final answer, in this form:\n${render({ decisions: [{ action: 'answer_user', answer: '...' }] })}`;
}
