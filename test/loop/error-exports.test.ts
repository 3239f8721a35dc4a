import { describe, expect, it } from 'vitest';
import * as errors from '../../src/errors/index.ts';
import { ReinsError } from '../../src/errors/reins-error.ts';

type ErrorClass = (abstract new (...args: never[]) => ReinsError) & { errorName?: unknown; isInstance: (value: unknown) => boolean };

const errorClasses = (Object.entries(errors) as Array<[string, unknown]>).filter(
  (entry): entry is [string, ErrorClass] =>
    typeof entry[1] === 'function' && entry[1] !== ReinsError && (entry[1] as ErrorClass).prototype instanceof ReinsError,
);
const forged = (errorName: string) => ({ [Symbol.for('reins.error')]: true, [Symbol.for(`reins.error.${errorName}`)]: true });

describe('every error class exported by src/errors/index.ts', () => {
  it('exports the loop errors', () => {
    const names = errorClasses.map(([name]) => name);
    for (const name of ['MaxStepsError', 'RetriesExhaustedError', 'LoopDetectedError', 'BudgetExceededError', 'RunCancelledError', 'ToolExecutionError', 'ToolTimeoutError', 'ToolNotFoundError', 'ApprovalDeniedError', 'ScriptExhaustedError'])
      expect(names).toContain(name);
  });

  it.each(errorClasses)('%s has a stable Reins_ name and its own isInstance', (exportName, errorClass) => {
    expect(errorClass.errorName).toBe(`Reins_${exportName}`);
    expect(Object.hasOwn(errorClass, 'isInstance')).toBe(true);
    expect(errorClass.isInstance(forged(`Reins_${exportName}`))).toBe(true);
    expect(errorClass.isInstance(new Error('plain'))).toBe(false);
    expect(errorClass.isInstance(undefined)).toBe(false);
    for (const [otherName] of errorClasses) if (otherName !== exportName) expect(errorClass.isInstance(forged(`Reins_${otherName}`))).toBe(false);
  });

  it('names are unique', () => {
    const names = errorClasses.map(([, errorClass]) => errorClass.errorName);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('loop error instances', () => {
  it('carry their name, fault and snapshot', () => {
    const snapshot = { transcript: [{ role: 'user' as const, content: 'q' }], steps: 2 };
    const cases: Array<[ReinsError, string, string]> = [
      [new errors.MaxStepsError({ maxSteps: 2, ...snapshot }), 'Reins_MaxStepsError', 'limit'],
      [new errors.LoopDetectedError({ toolName: 't', args: {}, repeats: 3, ...snapshot }), 'Reins_LoopDetectedError', 'limit'],
      [new errors.BudgetExceededError({ budget: 'tokens', limit: 1, used: 2, ...snapshot }), 'Reins_BudgetExceededError', 'limit'],
      [new errors.RunCancelledError(snapshot), 'Reins_RunCancelledError', 'cancelled'],
      [new errors.ToolExecutionError('t', { cause: new Error('x') }), 'Reins_ToolExecutionError', 'tool'],
      [new errors.ToolTimeoutError('t', 5), 'Reins_ToolTimeoutError', 'tool'],
      [new errors.ToolNotFoundError('t', ['a']), 'Reins_ToolNotFoundError', 'tool'],
      [new errors.ApprovalDeniedError('t', 'user'), 'Reins_ApprovalDeniedError', 'tool'],
      [new errors.ScriptExhaustedError(1, 2), 'Reins_ScriptExhaustedError', 'user'],
      [new errors.InternalError('run loop', { cause: new Error('x') }), 'Reins_InternalError', 'internal'],
    ];
    for (const [error, name, fault] of cases) {
      expect(error.name).toBe(name);
      expect(error.fault).toBe(fault);
      expect(ReinsError.isInstance(error)).toBe(true);
    }
    expect((cases[0]![0] as errors.MaxStepsError).transcript).toEqual(snapshot.transcript);
  });
});
