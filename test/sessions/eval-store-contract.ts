/**
 * The EvalStore contract: every implementation runs this suite from its own test file.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EvalNotFoundError } from '../../src/errors/eval-not-found-error.ts';
import type { EvalStore } from '../../src/sessions/eval-store.ts';
import type { EvalOutcome, EvalReport } from '../../src/spec/eval-report.ts';

const outcome = (taskId: string, variant: string, correct: boolean): EvalOutcome => ({
  taskId,
  category: 'simple',
  variant,
  correct,
  reason: correct ? '' : 'called g, expected f',
  calls: [{ name: correct ? 'f' : 'g', args: { a: 1, text: 'naïve ✓' } }],
  expected: { kind: 'calls', calls: [{ name: 'f', args: { a: [1], text: ['naïve ✓', ''] } }] },
  raw: ['{"action":"call_tool"}', 'FINAL'],
  answer: 'done',
  firstReplyValid: correct,
  corrections: correct ? 0 : 1,
  inputTokens: 100,
  outputTokens: 20,
  latencyMs: 12.5,
  status: 'answered',
});

export function evalReport(model: string, finishedAt: string, options: { interrupted?: boolean; recommended?: string } = {}): EvalReport {
  const variant = options.recommended ?? 'json';
  return {
    model,
    startedAt: '2026-01-01T00:00:00.000Z',
    finishedAt,
    interrupted: options.interrupted ?? false,
    source: 'bfcl',
    seed: 1,
    variants: [{ id: variant, protocol: 'json', grammar: false }],
    categories: ['simple'],
    taskCount: 2,
    rows: [
      {
        variant, protocol: 'json', grammar: false, category: 'all', tasks: 2, correct: 1, accuracy: 0.5, validFirstReplies: 0.5,
        corrections: 1, inputTokens: 100, outputTokens: 20, latencyP50Ms: 12.5, latencyP95Ms: 12.5,
      },
    ],
    recommended: { variant, protocol: 'json', grammar: false, accuracy: 0.5, tokens: 120 },
    outcomes: [outcome('simple_1', variant, true), outcome('simple_2', variant, false)],
  };
}

export function runEvalStoreContract(name: string, newStore: () => EvalStore | Promise<EvalStore>): void {
  describe(`${name} (EvalStore contract)`, () => {
    let store: EvalStore;
    beforeEach(async () => {
      store = await newStore();
    });
    afterEach(async () => {
      await store.close();
    });

    it('keeps a whole eval and gives it back as saved, outcomes in order', async () => {
      const report = evalReport('ollama:qwen3:4b', '2026-01-01T00:01:00.000Z');
      const id = await store.saveEval(report);
      expect(await store.loadEval(id)).toEqual({ ...report, id });
    });

    it('rejects an unknown id with EvalNotFoundError', async () => {
      await expect(store.loadEval('nope')).rejects.toSatisfy((error) => EvalNotFoundError.isInstance(error));
    });

    it('lists evals newest first, without outcomes, by model and up to a limit', async () => {
      const older = await store.saveEval(evalReport('m1', '2026-01-01T00:01:00.000Z'));
      const other = await store.saveEval(evalReport('m2', '2026-01-01T00:02:00.000Z'));
      const newer = await store.saveEval(evalReport('m1', '2026-01-01T00:03:00.000Z'));
      const all = await store.listEvals();
      expect(all.map((summary) => summary.id)).toEqual([newer, other, older]);
      expect(all[0]).not.toHaveProperty('outcomes');
      expect((await store.listEvals({ model: 'm1' })).map((summary) => summary.id)).toEqual([newer, older]);
      expect((await store.listEvals({ limit: 1 })).map((summary) => summary.id)).toEqual([newer]);
    });

    it("gives the recommendation of the model's newest eval that ran to its end", async () => {
      expect(await store.recommendation('m1')).toBeUndefined();
      const finished = await store.saveEval(evalReport('m1', '2026-01-01T00:01:00.000Z', { recommended: 'xml' }));
      await store.saveEval(evalReport('m1', '2026-01-01T00:02:00.000Z', { recommended: 'line', interrupted: true }));
      await store.saveEval(evalReport('m2', '2026-01-01T00:03:00.000Z', { recommended: 'envelope' }));
      expect(await store.recommendation('m1')).toEqual({
        variant: 'xml', protocol: 'json', grammar: false, accuracy: 0.5, tokens: 120, evalId: finished, at: '2026-01-01T00:01:00.000Z',
      });
    });
  });
}
