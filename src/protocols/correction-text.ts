/**
 * The correction every codec sends after invalid output: what was wrong (one line, sanitized), up to a
 * few precise details, then the expected shape once.
 */
import type { InvalidDecisionError } from '../errors/invalid-decision-error.ts';
import { sanitizeSnippet } from './sanitize.ts';

const maxDetails = 5;

export function correctionText(error: InvalidDecisionError, expectedShape: string): string {
  const message = sanitizeSnippet(String(error?.message ?? 'invalid output'), 300);
  const details = (Array.isArray(error?.details) ? error.details : [])
    .slice(0, maxDetails)
    .map((detail) => `- ${sanitizeSnippet(String(detail), 160)}`);
  return [`Your last reply was rejected: ${message}.`, ...details, 'Reply again in exactly this shape:', expectedShape].join('\n');
}
