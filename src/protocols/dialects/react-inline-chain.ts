/**
 * A ReAct step written without its line breaks: `Thought: x Action: search Action Input: y
 * Observation:` on one line, or the labels glued to the words before them (`..the search
 * toolAction:search`), as models that drop line breaks write it (NVIDIA NeMo Agent Toolkit reads
 * it so). Labels count mid-line only where an `Action:` label is followed by exactly an offered
 * tool's name and then `Action Input:`: the offered name between the two labels makes the text a
 * step, where a sentence that mentions a label (`the action: was wrong`) stays prose. A mid-line
 * label is capitalised (`Action`, `ACTION`) and starts a word or follows a lower-case letter
 * (`toolAction:`), so `reaction:` or `Transaction:` is no label. From that step on, the labels
 * `Thought:`, `Action:`, `Action Input:`, `Observation:` and `Final Answer:` break sections as at a line's start;
 * before it, only the `Thought:` nearest the action (or the line-start labels) counts.
 */

import { closingBracketIndex } from '../extract/closing-bracket-index.ts';
import { escapeRegExp } from '../extract/marker-source.ts';

/** One label found: where it starts, how long it is, and its word (`Action Input`). */
export interface InlineMarker {
  index: number;
  length: number;
  word: string;
  /** Where the label's body ends before the next label: after the tool's name, without the joiner (`with`) that follows it. */
  bodyEnd?: number;
}

/** A label mid-line: capitalised, at a word's start or after a lower-case letter; the word is group 1. */
const labelSource = String.raw`(?<![A-Z])(Thought|THOUGHT|Action[ \t]*Input|ACTION[ \t]*INPUT|Action|ACTION|Observation|OBSERVATION|Final[ \t]*Answer|FINAL[ \t]*ANSWER)[ \t]*:`;

let lastPattern: { key: string; pattern: RegExp } | undefined;

/** The pattern for `names`, built once for the same names in a row (a run offers the same tools each turn). */
function chainPattern(names: readonly string[]): RegExp {
  const key = names.join('\u0000');
  if (lastPattern?.key !== key) lastPattern = { key, pattern: buildChainPattern(names) };
  return lastPattern.pattern;
}

/** `Action: <offered name> [joiner] Action Input:` (the name with quotes or emphasis around it allowed). */
function buildChainPattern(names: readonly string[]): RegExp {
  const alternatives = [...names].sort((a, b) => b.length - a.length).map(escapeRegExp).join('|');
  return new RegExp(String.raw`(?<![A-Z])(?:Action|ACTION)[ \t]*:[ \t]*[*_\x60'"]*(${alternatives})[*_\x60'"]*[ \t]*(?:with|and|[,;|])?[ \t]*(?:Action[ \t]*Input|ACTION[ \t]*INPUT)[ \t]*:`, 'g');
}

/**
 * The labels of the first one-line step in `masked` (the reply with its code blanked), or undefined
 * when it holds none. `names` are the offered tools' names.
 */
export function inlineChainMarkers(masked: string, names: readonly string[]): InlineMarker[] | undefined {
  // Every step names both labels: most replies (a JSON `"action"` key among them) stop here.
  if (names.length === 0 || !/action[ \t]*input/i.test(masked)) return undefined;
  const pattern = chainPattern(names);
  pattern.lastIndex = 0;
  const chain = pattern.exec(masked);
  if (!chain) return undefined;
  const labels = [...masked.matchAll(new RegExp(labelSource, 'g'))].map((match): InlineMarker => ({ index: match.index, length: match[0].length, word: match[1] ?? '' }));
  const before = labels.filter((label) => label.index < chain.index);
  const thought = before.findLast((label) => /^thought$/i.test(label.word));
  const input = labels.find((label) => label.index > chain.index && /input$/i.test(label.word));
  // The step's input runs to the next label after it (an `Observation:` the model wrote, a guessed
  // result, or the next step); a label inside its JSON object is part of a value.
  const objectEnd = input ? jsonInputEnd(masked, input.index + input.length) : -1;
  const name = chain[1] ?? '';
  const fromAction = labels
    .filter((label) => label.index >= chain.index && (input === undefined || label.index <= input.index || label.index > objectEnd))
    .map((label) => (label.index === chain.index ? { ...label, bodyEnd: chain.index + chain[0].indexOf(name, label.length) + name.length } : label));
  return [...(thought ? [thought] : []), ...fromAction];
}

/**
 * True when `markers` hold several one-line steps and a text input runs into the next step's label:
 * where the input ends (`Action Input: 1 then Action: b`) cannot be told, so the steps are corrected.
 * An input that is a JSON object ends where the object closes.
 */
export function inputsRunTogether(masked: string, markers: readonly InlineMarker[]): boolean {
  const inputs = markers.map((marker, index) => ({ marker, index })).filter(({ marker }) => /input$/i.test(marker.word));
  if (inputs.length < 2) return false;
  return inputs.slice(0, -1).some(({ marker, index }) => {
    const next = markers[index + 1]?.index ?? masked.length;
    return !/^\s*(?:`{3}\w*\s*)?\{/.test(masked.slice(marker.index + marker.length, next));
  });
}

/** Where the JSON object an input starts with (after space and a fence opening) ends, or -1 when it starts with none. */
function jsonInputEnd(masked: string, from: number): number {
  const open = /^\s*(?:`{3}\w*\s*)?\{/.exec(masked.slice(from));
  return open ? closingBracketIndex(masked, from + open[0].length - 1) : -1;
}
