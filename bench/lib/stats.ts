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
