/**
 * Runs codecs over the corpus cases and keeps every case's outcome, so the bench section and the
 * standalone report (`bench/corpus-report.ts`) tally the same results: per file, per format label
 * (dialect) and per protocol, with the misread and refused cases kept for inspection.
 */
import type { Decision } from '../../src/spec/decision.ts';
import type { ModelToolCall } from '../../src/spec/model.ts';
import type { ParseResult, ProtocolName } from '../../src/protocols/codec.ts';
import { protocols } from '../../src/protocols/get-codec.ts';
import type { CorpusCase, CorpusFile } from './corpus-cases.ts';
import { emptyTally, scoreParse, type Expectation, type Outcome, type Tally } from './corpus-scorer.ts';

export interface CaseResult {
  protocol: ProtocolName;
  file: string;
  label: string;
  id: string;
  outcome: Outcome;
  /** What the codec was given (the text, or the arguments text of a broken-json case). */
  input: string;
  expected: Expectation;
  /** The decisions read, or the refusal message. */
  got: Decision[] | string;
}

/** Protocols where plain text is the answer (the others answer in their own form: `answer_user` JSON, `FINAL_ANSWER:`). */
export const plainTextProtocols: ReadonlySet<ProtocolName> = new Set<ProtocolName>(['native', 'xml']);

/** Files whose records are damaged arguments, not model text: scored apart from "all model outputs". */
export const argumentFiles = new Set(['broken-json.json', 'llamacpp-partial-json.json']);

/** What `codec` is given for one case; undefined when the case has no place in this protocol. */
export function inputFor(protocol: ProtocolName, item: CorpusCase): { text: string; toolCalls: ModelToolCall[] } | undefined {
  if (item.argumentsText === undefined) return { text: item.text, toolCalls: [] };
  if (protocol === 'native') return { text: '', toolCalls: [{ id: 'call_1', name: 'probe', arguments: item.argumentsText }] };
  if (protocol === 'xml') return { text: `<tool_code>\n<name>probe</name>\n<parameters>\n${item.argumentsText}\n</parameters>\n</tool_code>`, toolCalls: [] };
  return undefined;
}

const gotOf = (result: ParseResult): Decision[] | string => (result.success ? result.decisions : `${result.error.kind}: ${result.error.message}`);

/** Every case of `files` parsed by each of `names`; protocols with no place for a file skip it. */
export function runCorpus(files: readonly CorpusFile[], names: readonly ProtocolName[]): CaseResult[] {
  const results: CaseResult[] = [];
  for (const protocol of names) {
    for (const file of files) {
      for (const item of file.cases) {
        const input = inputFor(protocol, item);
        if (!input) break;
        const result = protocols[protocol].parse(input.text, { tools: item.tools, toolCalls: input.toolCalls, maxActions: item.maxActions });
        const outcome = scoreParse(result, item.expect, { plainTextAnswer: plainTextProtocols.has(protocol), tools: item.tools, input: item.argumentsText ?? item.text });
        results.push({ protocol, file: file.file, label: item.label, id: item.id, outcome, input: item.argumentsText ?? item.text, expected: item.expect, got: gotOf(result) });
      }
    }
  }
  return results;
}

/** Tallies of `results` grouped by `key` (insertion order kept). */
export function tallyBy(results: readonly CaseResult[], key: (result: CaseResult) => string): Map<string, Tally> {
  const groups = new Map<string, Tally>();
  for (const result of results) {
    const name = key(result);
    const tally = groups.get(name) ?? emptyTally();
    tally[result.outcome] += 1;
    groups.set(name, tally);
  }
  return groups;
}
