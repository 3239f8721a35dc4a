/**
 * The eval measures what a model does: a model wrong at a known rate per protocol, and malformed in
 * its first reply at another, is measured at those rates (within 2 points), over the shipped tasks.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluate } from '../../src/eval/evaluate.ts';
import { shippedTasks } from '../../src/eval/shipped-tasks.ts';
import type { EvalTask } from '../../src/eval/eval-task.ts';
import type { EvalReport } from '../../src/spec/eval-report.ts';
import { validateToolArgs } from '../../src/tools/schema-validator.ts';
import { FlawedModel, usableTasks, type Flaws } from '../helpers/flawed-model.ts';

const flaws: Record<'native' | 'json' | 'envelope' | 'xml' | 'line', Flaws> = {
  native: { wrong: 0.1, invalidFirst: 0.05 },
  json: { wrong: 0.2, invalidFirst: 0.15 },
  envelope: { wrong: 0.3, invalidFirst: 0.25 },
  xml: { wrong: 0.15, invalidFirst: 0.3 },
  line: { wrong: 0.4, invalidFirst: 0.1 },
};

let tasks: EvalTask[];
let report: EvalReport;
beforeAll(async () => {
  tasks = usableTasks(shippedTasks(), (tool, args) => validateToolArgs(tool, args).ok);
  report = await evaluate({ model: new FlawedModel(tasks, flaws), tasks, concurrency: 8 });
}, 120_000);

describe('evaluate on a model with known flaws', () => {
  it('runs nearly every shipped task in every protocol', () => {
    expect(tasks.length).toBeGreaterThan(shippedTasks().length - 10);
    expect(report.variants.map((variant) => variant.id)).toEqual(['native', 'json', 'envelope', 'xml', 'line']);
    expect(report.outcomes).toHaveLength(tasks.length * 5);
    expect(report.interrupted).toBe(false);
  });

  it.each(Object.entries(flaws))('measures %s at the rates it was given (within 2 points)', (protocol, rates) => {
    const total = report.rows.find((row) => row.variant === protocol && row.category === 'all')!;
    expect(total.tasks).toBe(tasks.length);
    expect(Math.abs(total.accuracy - (1 - rates.wrong))).toBeLessThanOrEqual(0.02);
    expect(Math.abs(total.validFirstReplies - (1 - rates.invalidFirst))).toBeLessThanOrEqual(0.02);
    expect(Math.abs(total.corrections / total.tasks - rates.invalidFirst)).toBeLessThanOrEqual(0.02);
  });

  it('recommends the most accurate protocol', () => {
    expect(report.recommended?.variant).toBe('native');
    expect(report.recommended?.accuracy).toBeCloseTo(report.rows.find((row) => row.variant === 'native' && row.category === 'all')!.accuracy);
  });

  it('keeps, for each wrong answer, the replies as written and why', () => {
    const failed = report.outcomes.filter((outcome) => !outcome.correct);
    expect(failed.length).toBeGreaterThan(0);
    for (const outcome of failed) {
      expect(outcome.reason).not.toBe('');
      expect(outcome.raw.length).toBeGreaterThan(0);
    }
  });
});
