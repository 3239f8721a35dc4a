import { SampleConfigError } from '../errors/sample-config-error.ts';

/** The guaranteed helpers' `retries` option, checked. @default 2 */
export function retriesOf(config: { retries?: number }): number {
  const retries = config.retries ?? 2;
  if (!Number.isInteger(retries) || retries < 0) {
    throw new SampleConfigError(`\`retries\` must be a whole number >= 0, got ${String(config.retries)}.`, {
      reason: 'invalid-option',
    });
  }
  return retries;
}
