import { describe, expect, it } from 'vitest';
import { ConfigError } from '../src/errors/config-error.ts';
import { ReinsError } from '../src/errors/reins-error.ts';

describe('ReinsError pattern', () => {
  it('gives a subclass a stable name, a marker and isInstance that ignores other errors', () => {
    const error = new ConfigError('bad flag', { hint: 'use --model' });
    expect(error.name).toBe('Reins_ConfigError');
    expect(ConfigError.isInstance(error)).toBe(true);
    expect(ReinsError.isInstance(error)).toBe(true);
    expect(ConfigError.isInstance(new Error('x'))).toBe(false);
    expect(error.fault).toBe('user');
    expect(error.message).toContain('use --model');
  });
  it('recognises an error from another copy by its Symbol.for marker', () => {
    const foreign = { [Symbol.for('reins.error')]: true, [Symbol.for('reins.error.Reins_ConfigError')]: true };
    expect(ConfigError.isInstance(foreign)).toBe(true);
  });
});
