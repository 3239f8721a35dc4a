/**
 * Splits ReAct text (the LangChain / LlamaIndex agent format) into its labelled sections:
 * `Thought:`, `Action:` (also `Actions:`), `Action Input:`, `Observation:`, `Final Answer:` (also written
 * `FinalAnswer:`), `Answer:` and `AI:` (LangChain's conversational agent answers so after a thought), and the
 * same steps as Qwen-Agent's function-call prompt writes them (`✿FUNCTION✿:` the action, `✿ARGS✿:` its
 * input, `✿RESULT✿:` the observation, `✿RETURN✿:` the final answer), and as beeai-framework's ReAct agent
 * writes them (`Function Name:`, `Function Input:`, `Function Output:`; `Tool Name:` .. in its older
 * prompts). A label counts only at the start of a line (indentation, markdown emphasis and a step number such as
 * `Action 1:` allowed; any case; a thought or an action also as a heading alone on its line, `### Action ###`) and outside code, so a label quoted in a code block or in the
 * middle of a sentence is text (an `Action Input:` right after the action's name on its line, too:
 * `react-inline-input.ts`). Each section runs to the next label.
 */
import { maskCode } from './mask-code.ts';
import { type InlineMarker, inlineChainMarkers, inputsRunTogether } from './react-inline-chain.ts';
import { splitInlineInputs } from './react-inline-input.ts';

import type { ReactLabel, ReactSection } from './react-section.ts';

export type { ReactLabel, ReactSection };

export interface ReactText {
  /** The text before the first label, trimmed. */
  lead: string;
  sections: ReactSection[];
  /** How the labels are spelled, for a correction: Qwen-Agent's `✿` labels, or ReAct's words. */
  spelling: LabelSpelling;
  /** Several steps written on one line, a text input running into the next step (`react-inline-chain.ts`). */
  runTogether?: true;
}

/** The labels a correction names, as the model's family writes them. */
export interface LabelSpelling {
  action: string;
  input: string;
  final: string;
}

const reactSpelling: LabelSpelling = { action: 'Action:', input: 'Action Input:', final: 'Final Answer:' };
const qwenSpelling: LabelSpelling = { action: '✿FUNCTION✿:', input: '✿ARGS✿:', final: '✿RETURN✿:' };
/** `Function Name:` / `Tool Name:` and their input labels, by the word the reply uses. */
const namedSpelling = (word: string): LabelSpelling => ({ action: `${word} Name:`, input: `${word} Input:`, final: 'Final Answer:' });

/** Only `\n` starts a line: U+2028 inside a value must not. */
const marker =
  /(?<=^|\n)[ \t]*(?:[*_]{1,2})?(thought|action[ \t]*\d*[ \t]*input|actions?|observation|final[ \t]*answer|answer|ai|✿(?:function|args|result|return)✿)[ \t]*\d*(?:[*_]{1,2})?[ \t]*:(?:[*_]{1,2})?/gi;
/**
 * A thought or an action written as a heading alone on its line, `### Action ###` or `## Thought`, as
 * Mobile-Agent prompts for its steps: the section's body is the lines under it.
 */
const headingMarker = /(?<=^|\n)[ \t]*#{1,6}[ \t]*(thought|action)[ \t]*#*[ \t]*(?=\r?\n)/gi;
/** The same with beeai-framework's labels, used only where a text holds one (most hold none). */
const namedMarker =
  /(?<=^|\n)[ \t]*(?:[*_]{1,2})?(thought|action[ \t]*\d*[ \t]*input|actions?|(?:function|tool)[ \t]+(?:name|input|output)|observation|final[ \t]*answer|answer|ai|✿(?:function|args|result|return)✿)[ \t]*\d*(?:[*_]{1,2})?[ \t]*:(?:[*_]{1,2})?/gi;
/** Words one of which each of those labels ends in, looked for as plain text (a scan per parse costs more). */
const namedLabelWords = ['Name', 'Input', 'Output', 'name', 'input', 'output', 'NAME', 'INPUT', 'OUTPUT'];

/** Qwen-Agent's labels, by the ReAct step each one is. */
const qwenLabels: Readonly<Record<string, ReactLabel>> = { '✿function✿': 'action', '✿args✿': 'input', '✿result✿': 'observation', '✿return✿': 'final' };
/** beeai-framework's labels (`Function Name:`, `Tool Input:` ..), by the ReAct step each one is. */
const namedLabels: Readonly<Record<string, ReactLabel>> = { name: 'action', input: 'input', output: 'observation' };

function labelOf(word: string): ReactLabel {
  const compact = word.toLowerCase().replace(/[\s\d_]+/g, '');
  const qwen = qwenLabels[compact];
  if (qwen) return qwen;
  const named = /^(?:function|tool)(name|input|output)$/.exec(compact)?.[1];
  if (named) return namedLabels[named] ?? 'observation';
  if (compact === 'actioninput') return 'input';
  if (compact === 'finalanswer') return 'final';
  if (compact === 'actions') return 'action';
  // LangChain's conversational agent answers after its thought as `AI: ..` (its `ai_prefix`).
  if (compact === 'ai') return 'answer';
  return compact as ReactLabel;
}

/**
 * `toolNames`: the offered tools' names, for a step written on one line (`react-inline-chain.ts`),
 * looked for only where no line starts with an action's input.
 */
export function reactSections(text: string, toolNames: readonly string[] = []): ReactText {
  const masked = maskCode(text);
  const mayBeNamed = namedLabelWords.some((word) => masked.includes(word));
  const labels = [...masked.matchAll(mayBeNamed ? namedMarker : marker)];
  const headings = masked.includes('#') ? [...masked.matchAll(headingMarker)] : [];
  const marks = headings.length === 0 ? labels : [...labels, ...headings].sort((one, other) => one.index - other.index);
  const atLineStarts = marks.map((match): InlineMarker => ({ index: match.index, length: match[0].length, word: match[1] ?? '' }));
  const inputless = !atLineStarts.some((found) => labelOf(found.word) === 'input');
  const chain = inputless ? inlineChainMarkers(masked, toolNames) : undefined;
  const found = chain ?? atLineStarts;
  const labelled = found.map((match, index): ReactSection => {
    const bodyStart = match.index + match.length;
    const next = found[index + 1]?.index ?? text.length;
    return { label: labelOf(match.word), start: match.index, body: text.slice(bodyStart, match.bodyEnd ?? next), bodyStart };
  });
  // A one-line step's input label is already a section of its own.
  const sections = chain ? labelled : splitInlineInputs(masked, labelled);
  const words = found.map((match) => match.word);
  const named = words.map((label) => /^(function|tool)\s/i.exec(label)?.[1]?.toLowerCase()).find((word) => word !== undefined);
  const spelling = words.some((label) => label.startsWith('✿')) ? qwenSpelling : named ? namedSpelling(named === 'tool' ? 'Tool' : 'Function') : reactSpelling;
  const runTogether = chain !== undefined && inputsRunTogether(masked, chain);
  return { lead: text.slice(0, found[0]?.index ?? text.length).trim(), sections, spelling, ...(runTogether ? { runTogether } : {}) };
}
