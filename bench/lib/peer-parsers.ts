/**
 * Scores `peer-parsers-toolcalls.json` (the shared corpus; cases from the parser tests of Ollama,
 * LocalAI, ai-sdk-tool-call-middleware and lmdeploy) by the rules its own scorer (`score-peer.mjs`
 * beside it) documents: each case is parsed with its protocol, its tools and `maxActions` = the calls
 * the peer expects; a case is right when the calls match (same tools, same order, args compared as its
 * `argsCheck` says), when a `text` case is answered with no call, or when an `invalid` case is refused.
 * A refusal elsewhere is "refused"; anything else accepted is "wrongly accepted". An answer counted
 * right that still carries protocol markup the peer did not keep in its content is counted apart.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { Decision, ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/parse-decision.ts';
import type { ProtocolName } from '../../src/protocols/codec.ts';
import { corpusDirectory } from './corpus-cases.ts';
import type { SectionTable } from './section.ts';
import { percent } from './stats.ts';

export const peerFile = 'peer-parsers-toolcalls.json';

interface PeerCall {
  tool: string;
  args?: Record<string, unknown>;
  argsCheck?: 'exact' | 'subset' | 'keys' | 'contains' | 'none';
  argsContain?: Record<string, string | string[]>;
  argsAbsent?: string[];
}
interface PeerExpect extends Partial<PeerCall> {
  kind: 'call' | 'text' | 'invalid';
  calls?: PeerCall[];
  content?: string;
}
interface PeerCase {
  source: string;
  protocol: ProtocolName;
  text: string;
  tools: ToolSpec[];
  expect: PeerExpect;
}

export type PeerVerdict = 'right' | 'refused' | 'wrongly accepted';
export interface PeerResult {
  repository: string;
  source: string;
  verdict: PeerVerdict;
  /** Counted right, but the answer still carries markup the peer did not keep. */
  markup: boolean;
  text: string;
  expected: PeerExpect;
  got: Decision[] | string;
}

/** Special tokens and call tags that no answer should carry (the list `score-peer.mjs` checks). */
const markupPattern = /<\|[^|<>\s]{1,40}\|>|<｜[^<>]{1,40}｜>|<atem:|\[TOOL_CALLS\]|<tool_call>|<function=|<\/?tool_calls?\b|<start_function_call>/g;
const normalized = (value: unknown) => (value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown));

function argsMatch(want: PeerCall, got: Record<string, unknown>, mode: NonNullable<PeerCall['argsCheck']>): boolean {
  if (want.argsAbsent?.some((key) => Object.hasOwn(got, key))) return false;
  const contains = () =>
    Object.entries(want.argsContain ?? {}).every(([key, parts]) => {
      if (!Object.hasOwn(got, key)) return false;
      const value = typeof got[key] === 'string' ? got[key] : JSON.stringify(got[key]);
      return ([] as string[]).concat(parts).every((part) => value.includes(part));
    });
  if (!contains()) return false;
  const expected = (normalized(want.args) ?? {}) as Record<string, unknown>;
  const given = (normalized(got) ?? {}) as Record<string, unknown>;
  if (mode === 'none' || mode === 'contains') return true;
  if (mode === 'keys') return Object.keys(expected).every((key) => Object.hasOwn(given, key));
  if (mode === 'subset') return Object.keys(expected).every((key) => Object.hasOwn(given, key) && isDeepStrictEqual(expected[key], given[key]));
  return isDeepStrictEqual(expected, given);
}

function judge(item: PeerCase): PeerResult {
  const want = item.expect.kind === 'call' ? (item.expect.calls ?? [item.expect as PeerCall]) : [];
  const result = parseDecision(item.protocol, item.text, { tools: item.tools, maxActions: Math.max(1, want.length) });
  const base = { repository: item.source.split(':')[0] ?? item.source, source: item.source, text: item.text, expected: item.expect };
  if (!result.success) {
    const got = `${result.error.kind}: ${result.error.message}`;
    return { ...base, verdict: item.expect.kind === 'invalid' ? 'right' : 'refused', markup: false, got };
  }
  const got = result.decisions;
  const calls = got.filter((decision) => decision.action === 'call_tool');
  let verdict: PeerVerdict = 'wrongly accepted';
  if (item.expect.kind === 'text') verdict = calls.length === 0 ? 'right' : 'wrongly accepted';
  else if (item.expect.kind === 'call' && calls.length === got.length && calls.length === want.length) {
    const same = calls.every((call, index) => {
      const expected = want[index] as PeerCall;
      return call.tool === expected.tool && argsMatch(expected, call.args, expected.argsCheck ?? item.expect.argsCheck ?? 'exact');
    });
    verdict = same ? 'right' : 'wrongly accepted';
  }
  const kept = item.expect.content ?? '';
  const markup = verdict === 'right' && got.some((decision) => decision.action === 'answer_user' && (decision.answer.match(markupPattern) ?? []).some((found) => !kept.includes(found)));
  return { ...base, verdict, markup, got };
}

/** Every case of the file judged; undefined when the corpus lacks it. */
export function scorePeerParsers(): PeerResult[] | undefined {
  const path = join(corpusDirectory, peerFile);
  if (!existsSync(path)) return undefined;
  const file = JSON.parse(readFileSync(path, 'utf8')) as PeerCase[] | { cases: PeerCase[] };
  return (Array.isArray(file) ? file : file.cases).map(judge);
}

/** `right % · refused · wrongly accepted · answers with markup` for `results`. */
export function peerCell(results: readonly PeerResult[]): string {
  const count = (verdict: PeerVerdict) => results.filter((result) => result.verdict === verdict).length;
  const markup = results.filter((result) => result.markup).length;
  return `${percent(count('right'), results.length)} · ${count('refused')} · ${count('wrongly accepted')} · ${markup}`;
}

/** One row per repository, then the total. */
export function peerTable(results: readonly PeerResult[]): SectionTable {
  const repositories = [...new Set(results.map((result) => result.repository))].sort();
  const rows = repositories.map((repository) => {
    const own = results.filter((result) => result.repository === repository);
    return [repository, String(own.length), peerCell(own)];
  });
  rows.push(['all', String(results.length), peerCell(results)]);
  return { title: `${peerFile} (right % · refused · wrongly accepted · answers still carrying markup)`, header: ['repository', 'n', 'each case in its own protocol'], rows };
}
