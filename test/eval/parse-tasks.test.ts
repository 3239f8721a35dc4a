import { describe, expect, it } from 'vitest';
import { EvalTaskError } from '../../src/errors/eval-task-error.ts';
import { bfclInputSchema } from '../../src/eval/bfcl-schema.ts';
import { categoryOfId } from '../../src/eval/eval-task.ts';
import { parseTaskLines } from '../../src/eval/parse-tasks.ts';
import { shippedTasks } from '../../src/eval/shipped-tasks.ts';

const question = [[{ role: 'user', content: 'Weather in Paris?' }]];

describe('tasks in BFCL format', () => {
  it('maps Python type names to JSON Schema, nested', () => {
    const schema = bfclInputSchema({
      type: 'dict',
      properties: { n: { type: 'float' }, pair: { type: 'tuple', items: { type: 'integer' } }, any: { type: 'any', optional: true }, sub: { type: 'dict', properties: { b: { type: 'boolean' } } } },
      required: ['n'],
    });
    expect(schema).toEqual({
      type: 'object',
      properties: { n: { type: 'number' }, pair: { type: 'array', items: { type: 'integer' } }, any: {}, sub: { type: 'object', properties: { b: { type: 'boolean' } } } },
      required: ['n'],
    });
  });

  it('reads the category from the id', () => {
    expect(categoryOfId('simple_python_12')).toBe('simple');
    expect(categoryOfId('live_parallel_multiple_3-2-1')).toBe('live_parallel_multiple');
    expect(categoryOfId('irrelevance_0')).toBe('irrelevance');
    expect(categoryOfId('my-task')).toBe('custom');
  });

  it('reads inline ground truth; an empty list means no call, functions may be left to the servers', () => {
    const lines = [
      { id: 'a', question, ground_truth: [{ get_weather: { city: ['Paris'] } }] },
      { id: 'b', question, ground_truth: [] },
    ].map((entry) => JSON.stringify(entry));
    const [a, b] = parseTaskLines(lines.join('\n'), 'mine.jsonl');
    expect(a).toEqual({ id: 'a', category: 'custom', question: 'Weather in Paris?', expected: { kind: 'calls', calls: [{ name: 'get_weather', args: { city: ['Paris'] } }] } });
    expect(b!.expected).toEqual({ kind: 'no-call' });
  });

  it.each([
    ['not json', 'mine.jsonl:1: not a JSON object (a tasks file has one JSON object a line)'],
    [JSON.stringify({ question }), 'mine.jsonl:1: no "id" (a string)'],
    [JSON.stringify({ id: 'x', question: 'hi', ground_truth: [] }), 'mine.jsonl:1: "question" must be one turn'],
    [JSON.stringify({ id: 'x', question }), 'mine.jsonl:1: no accepted calls'],
    [JSON.stringify({ id: 'x', question, ground_truth: [{ f: { a: 1 } }] }), 'mine.jsonl:1: the accepted values of "f" must be lists'],
    [JSON.stringify({ id: 'x', question, function: [{ name: 'g', parameters: {} }], ground_truth: [{ f: { a: [1] } }] }), 'mine.jsonl:1: "ground_truth" calls "f", which "function" does not offer'],
    [JSON.stringify({ id: 'x', question: [[{ role: 'assistant', content: 'hi' }]], ground_truth: [] }), 'single-turn tasks hold only system and user messages'],
  ])('refuses a bad entry with where and why: %s', (line, message) => {
    expect(() => parseTaskLines(line, 'mine.jsonl')).toThrow(EvalTaskError);
    expect(() => parseTaskLines(line, 'mine.jsonl')).toThrow(message);
  });

  it('refuses an id used twice', () => {
    const line = JSON.stringify({ id: 'x', question, ground_truth: [] });
    expect(() => parseTaskLines(`${line}\n${line}`, 'mine.jsonl')).toThrow('mine.jsonl:2: the id "x" is used twice');
  });

  it('ships a few hundred BFCL tasks over the eleven single-turn categories', () => {
    const tasks = shippedTasks();
    expect(tasks.length).toBeGreaterThanOrEqual(300);
    expect(new Set(tasks.map((task) => task.category)).size).toBe(11);
  });
});
