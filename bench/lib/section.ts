/**
 * The shape of a bench section. A file in bench/sections/ exports `run()`, returning either flat
 * metrics or a `SectionReport` (metrics plus notes for BENCHMARKS.md); it may export a `title`.
 */
export type Metrics = Record<string, number | string>;

export interface SectionReport {
  metrics: Metrics;
  /** Sentences printed under the section's table in BENCHMARKS.md (what was measured, what was skipped). */
  notes: string[];
}

export interface Section {
  title?: string;
  run(): Promise<Metrics | SectionReport> | Metrics | SectionReport;
}

/** Accepts both shapes a section's `run()` may return. */
export function toReport(value: Metrics | SectionReport): SectionReport {
  const candidate = value as Partial<SectionReport>;
  if (typeof candidate.metrics === 'object' && candidate.metrics !== null && Array.isArray(candidate.notes)) {
    return { metrics: candidate.metrics, notes: candidate.notes };
  }
  return { metrics: value as Metrics, notes: [] };
}
