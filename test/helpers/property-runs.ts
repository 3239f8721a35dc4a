/**
 * The number of fast-check runs a property gets: the count its test file chose, times
 * `REINS_PROPERTY_SCALE` (default 1). The suite's counts are sized to what each property proves on
 * every `npm test`, each run with a fresh seed (a failure prints the seed to replay); a deeper search
 * before a release or after changing a parser is `REINS_PROPERTY_SCALE=10 npx vitest run test/protocols`.
 */
export function propertyRuns(runs: number): number {
  const scale = Number(process.env.REINS_PROPERTY_SCALE ?? '1');
  if (!Number.isFinite(scale) || scale <= 0) throw new Error(`REINS_PROPERTY_SCALE must be a number above 0, not ${JSON.stringify(process.env.REINS_PROPERTY_SCALE)}`);
  return Math.max(1, Math.round(runs * scale));
}
