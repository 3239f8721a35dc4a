import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Decision, ToolSpec } from '../../src/spec/decision.ts';
import type { ProtocolName } from '../../src/protocols/codec.ts';
import { parseDecision } from '../../src/protocols/index.ts';

interface Cases {
  tools: ToolSpec[];
  accepted: Array<{ name: string; protocol: ProtocolName; text: string; dialect: string; decisions: Decision[] }>;
  rejected: Array<{ name: string; protocol: ProtocolName; text: string; kind: string }>;
}
const cases = JSON.parse(readFileSync(new URL('../fixtures/seeds/drift-cases.json', import.meta.url), 'utf8')) as Cases;
const { tools } = cases;

describe('drift and damaged output', () => {
  it.each(cases.accepted.map((item) => [item.name, item] as const))('accepts %s', (_name, item) => {
    const result = parseDecision(item.protocol, item.text, { tools });
    if (!result.success) throw new Error(`${result.error.kind}: ${result.error.message} ${result.error.details.join('; ')}`);
    expect(result.decisions).toEqual(item.decisions);
    expect(result.dialect).toBe(item.dialect);
    expect(result.repaired).toBe(true);
  });

  it.each(cases.rejected.map((item) => [item.name, item] as const))('rejects %s', (_name, item) => {
    const result = parseDecision(item.protocol, item.text, { tools });
    expect(result.success || result.error.kind).toBe(item.kind);
    expect(result.success || result.raw).toBe(item.text);
  });
});
