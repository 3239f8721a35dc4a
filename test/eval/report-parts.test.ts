import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/errors/config-error.ts';
import { chooseVariants, supportedVariants, withoutGrammar } from '../../src/eval/eval-variants.ts';
import { selectTasks } from '../../src/eval/select-tasks.ts';
import { shippedTasks } from '../../src/eval/shipped-tasks.ts';
import { percentile, recommend, rowOf } from '../../src/eval/summarize-outcomes.ts';
import type { EvalOutcome } from '../../src/spec/eval-report.ts';
import { MockModel } from '../../src/testing/mock-model.ts';

const outcome = (correct: boolean, tokens: number, latencyMs: number): EvalOutcome => ({
  taskId: 't', category: 'simple', variant: 'json', correct, reason: '', calls: [], expected: { kind: 'no-call' }, raw: [],
  firstReplyValid: correct, corrections: correct ? 0 : 2, inputTokens: tokens, outputTokens: 10, latencyMs, status: 'answered',
});

describe('the figures', () => {
  it('a row: accuracy, valid first replies, corrections, mean tokens, nearest-rank p50 and p95', () => {
    const outcomes = [outcome(true, 100, 10), outcome(true, 200, 20), outcome(false, 300, 30), outcome(true, 400, 400)];
    expect(rowOf({ id: 'json', protocol: 'json', grammar: false }, 'simple', outcomes)).toEqual({
      variant: 'json', protocol: 'json', grammar: false, category: 'simple', tasks: 4, correct: 3, accuracy: 0.75, validFirstReplies: 0.75,
      corrections: 2, inputTokens: 250, outputTokens: 10, latencyP50Ms: 20, latencyP95Ms: 400,
    });
    expect(percentile([], 0.5)).toBe(0);
    expect(percentile([5], 0.95)).toBe(5);
  });

  it('recommends the best accuracy, then the fewer tokens, then the first', () => {
    const total = (variant: string, accuracy: number, inputTokens: number) => ({
      ...rowOf({ id: variant, protocol: 'json', grammar: false }, 'all', [outcome(true, 1, 1)]), variant, accuracy, inputTokens, outputTokens: 0,
    });
    expect(recommend([total('a', 0.8, 500), total('b', 0.9, 900), total('c', 0.9, 700)])?.variant).toBe('c');
    expect(recommend([total('a', 0.9, 700), total('b', 0.9, 700)])?.variant).toBe('a');
    expect(recommend([])).toBeUndefined();
  });
});

describe('the variants', () => {
  const llama = { provider: 'llama', supportsTools: false };
  it('a model with tool calling gets native; a llama: model each text protocol with and without its grammar', () => {
    expect(supportedVariants({ provider: 'openai', supportsTools: true }).map((variant) => variant.id)).toEqual(['native', 'json', 'envelope', 'xml', 'line']);
    expect(supportedVariants(llama).map((variant) => variant.id)).toEqual(['json+grammar', 'json', 'envelope+grammar', 'envelope', 'xml+grammar', 'xml', 'line+grammar', 'line']);
    expect(chooseVariants(llama, ['xml', 'json+grammar']).map((variant) => variant.id)).toEqual(['json+grammar', 'xml+grammar', 'xml']);
    expect(() => chooseVariants(llama, ['native'])).toThrow(ConfigError);
    expect(() => chooseVariants({ provider: 'openai', supportsTools: true }, ['json+grammar'])).toThrow('the model samples under no grammar');
  });

  it('without the grammar, the same model gets no constraint', async () => {
    const model = new MockModel('{}');
    await withoutGrammar(model).generate({ messages: [], constraint: { pattern: { kind: 'literal', text: 'x' } } });
    expect(model.calls[0]).not.toHaveProperty('constraint');
  });
});

describe('the choice of tasks', () => {
  it('spreads a limit over the categories, the same for the same seed', () => {
    const tasks = shippedTasks();
    const chosen = selectTasks(tasks, { limit: 22, seed: 5 });
    expect(chosen).toHaveLength(22);
    expect(new Set(chosen.map((task) => task.category)).size).toBe(11);
    expect(selectTasks(tasks, { limit: 22, seed: 5 })).toEqual(chosen);
    expect(selectTasks(tasks, { limit: 22, seed: 6 })).not.toEqual(chosen);
    expect(selectTasks(tasks, { categories: ['parallel'] }).every((task) => task.category === 'parallel')).toBe(true);
  });
});
