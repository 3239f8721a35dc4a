/** Small statistics helpers shared by the bench sections. */

/** The median (upper middle for an even count); NaN for no values. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** `part / whole` as a percentage with one decimal, e.g. `71.3%`; `n/a` when whole is 0. */
export function percent(part: number, whole: number): string {
  return whole === 0 ? 'n/a' : `${((100 * part) / whole).toFixed(1)}%`;
}

/** A ratio rounded to three significant digits. */
export function ratio(a: number, b: number): number {
  return Number((a / b).toPrecision(3));
}

/** The value at quantile `q` (0-1, nearest rank) of `values`; NaN for no values. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))] ?? Number.NaN;
}

/**
 * The spread of samples as text, with the sample count: min – max under 20 samples, else the
 * interquartile range (p25 – p75), e.g. `0.081 – 0.102 (p25–p75 of 200 rounds)`.
 */
export function spread(values: readonly number[], digits = 3): string {
  const format = (value: number) => Number(value.toPrecision(digits)).toString();
  if (values.length < 20) return `${format(Math.min(...values))} – ${format(Math.max(...values))} (min–max of ${values.length} rounds)`;
  return `${format(quantile(values, 0.25))} – ${format(quantile(values, 0.75))} (p25–p75 of ${values.length} rounds)`;
}
