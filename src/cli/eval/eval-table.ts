/**
 * The table `reins eval` prints: one line per protocol and category, then the protocol's line over
 * every task, and the recommended protocol. Percentages of tasks; tokens are a task's mean.
 */
import type { EvalReport, EvalRow } from '../../spec/eval-report.ts';

const HEADERS = ['protocol', 'category', 'tasks', 'accuracy', 'valid 1st', 'corrections', 'in tokens', 'out tokens', 'p50 ms', 'p95 ms'];

const percent = (fraction: number) => `${(fraction * 100).toFixed(1)}%`;
const whole = (value: number) => Math.round(value).toLocaleString('en-US');

function cells(row: EvalRow): string[] {
  return [
    row.variant,
    row.category,
    String(row.tasks),
    percent(row.accuracy),
    percent(row.validFirstReplies),
    String(row.corrections),
    whole(row.inputTokens),
    whole(row.outputTokens),
    whole(row.latencyP50Ms),
    whole(row.latencyP95Ms),
  ];
}

/** The rows of one variant together: its categories, then its total. */
function ordered(report: EvalReport): EvalRow[] {
  return report.variants.flatMap((variant) => {
    const mine = report.rows.filter((row) => row.variant === variant.id);
    return [...mine.filter((row) => row.category !== 'all'), ...mine.filter((row) => row.category === 'all')];
  });
}

export function evalTable(report: EvalReport): string {
  const rows = ordered(report).map(cells);
  const widths = HEADERS.map((header, column) => Math.max(header.length, ...rows.map((row) => row[column]!.length)));
  // Names to the left, figures to the right.
  const line = (row: string[]) => row.map((cell, column) => (column < 2 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ').trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [line(HEADERS), rule, ...rows.map(line)].join('\n');
}

export function recommendationLine(report: EvalReport): string {
  const best = report.recommended;
  if (!best) return 'recommended: none (no task finished)';
  return `recommended: ${best.variant} (accuracy ${percent(best.accuracy)}, ${whole(best.tokens)} tokens a task${report.interrupted ? '; interrupted, over the tasks that finished' : ''})`;
}
