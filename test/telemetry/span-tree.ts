/** The finished spans of an in-memory exporter as a tree of names, children in start order. */
import type { ReadableSpan } from '@opentelemetry/sdk-trace';

export interface SpanNode {
  name: string;
  children: SpanNode[];
}

const startOf = (span: ReadableSpan) => span.startTime[0] * 1e9 + span.startTime[1];

export function spanTree(spans: readonly ReadableSpan[]): SpanNode[] {
  const ids = new Set(spans.map((span) => span.spanContext().spanId));
  const childrenOf = (parentId: string | undefined): SpanNode[] =>
    spans
      .filter((span) => (parentId === undefined ? !ids.has(span.parentSpanContext?.spanId ?? '') : span.parentSpanContext?.spanId === parentId))
      .sort((a, b) => startOf(a) - startOf(b))
      .map((span) => ({ name: span.name, children: childrenOf(span.spanContext().spanId) }));
  return childrenOf(undefined);
}
