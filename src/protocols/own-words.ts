/**
 * What a description says beyond the schema beside it. The compact tool list (compact-tool-list.ts)
 * writes each schema fact in its notation (`?` optional, `= X` default, literal unions for enums,
 * `T[]` arrays), so a description loses only the words that say a fact again:
 * - a statement that the property is optional (on a property marked `?`) or required (on one that
 *   is not): "(optional)", "Optional:", "This parameter is optional.", "Required.";
 * - a statement of the default the line shows (`= X`), only when it names that same value
 *   ("Default is 'medium'." beside `= "medium"`; "Default is the current date." stays);
 * - a sentence, clause or parenthesis that only lists the enum's values ("(e.g. fast, scenic)",
 *   "Can be 'asc' or 'desc'." beside `"asc"|"desc"`);
 * - a leading phrase that names the type: "List of" / "Array of" on an array, "A flag to
 *   determine whether" on a boolean (it starts "Whether");
 * - a tool description's leading "This function" (or tool, method): every description describes its
 *   tool, so "This function calculates X" reads "Calculates X";
 * - a leading article ("The", "A", "An"): the subject is the named parameter or tool.
 * Anything else stays word for word, whitespace collapsed.
 */
import { escapeRegExp } from './extract/marker-source.ts';

/** The facts of a property that its line writes in notation. */
export interface PropertyFacts {
  optional: boolean;
  /** Present when the schema has a default: `{ value }`. */
  fallback?: { value: unknown };
  /** The enum's values, when the schema has one (also an array's items' enum). */
  values?: readonly unknown[];
  /** The schema's `type` when it is one string. */
  type?: string;
}

/** Words that join the values of a list in prose ("one of", "e.g.", "or"); nothing else is said by them. */
const listWords = new Set(['e.g', 'eg', 'i.e', 'ie', 'or', 'and', 'either', 'one', 'of', 'can', 'be', 'could', 'must', 'should', 'may', 'possible', 'supported', 'allowed', 'valid', 'accepted', 'values', 'value', 'options', 'option', 'choices', 'choose', 'from', 'is', 'are', 'such', 'as', 'like', 'etc', 'this', 'it', 'the', 'following', 'any']);

const optionalStatement = /^(?:(?:this|the|it) (?:value |parameter |field |argument |input |param )?is )?(?:an? )?(?:optional(?: parameter| field| argument| input| param)?|not required)$/i;
const requiredStatement = /^(?:(?:this|the|it) (?:value |parameter |field |argument |input |param )?is )?(?:a )?required(?: parameter| field| argument| input| param)?$/i;
const defaultStatement = /^(?:(?:the|by) )?default(?:s| value| is| value is| to| set to|s to)*\s*:?\s*(.+)$|^(.+?) by default$/i;

/** Whether a default's value as prose (`'medium'`, `True`, `empty array`, `1.0`) is `value`. */
function namesValue(prose: string, value: unknown): boolean {
  const said = prose.trim().replace(/^(?:is |to |of )/i, '').replace(/^(?:'(.*)'|"(.*)"|`(.*)`)$/s, '$1$2$3');
  if (Array.isArray(value) && value.length === 0) return /^(?:an? )?(?:empty (?:array|list)|\[\s*\])$/i.test(said);
  if (value === '') return /^(?:an? )?(?:empty(?: string)?|'')$/i.test(said) || said === '';
  if (value === null) return /^(?:null|none)$/i.test(said);
  if (typeof value === 'number') return said !== '' && Number(said) === value;
  if (typeof value === 'boolean') return said.toLowerCase() === String(value);
  if (typeof value === 'string') return said.toLowerCase() === value.toLowerCase();
  return said === JSON.stringify(value);
}

/** Whether `segment` (a sentence, clause or parenthesis, without its end mark) only lists enum values. */
function listsValues(segment: string, values: readonly unknown[]): boolean {
  let rest = segment.toLowerCase();
  let named = 0;
  const spelled = values.map((value) => String(value).toLowerCase()).sort((a, b) => b.length - a.length);
  for (const value of spelled) {
    const escaped = escapeRegExp(value);
    // Quoted, or bare as a whole word: a value "a" is not found inside "area".
    const mention = new RegExp(`(['"\`])${escaped}\\1|(?<![\\w-])${escaped}(?![\\w-])`, 'g');
    const before = rest;
    rest = rest.replace(mention, ' ');
    if (rest !== before) named += 1;
  }
  const words = rest.split(/[\s,;:/()]+/).map((word) => word.replace(/\.+$/, '')).filter(Boolean);
  return named > 0 && words.every((word) => listWords.has(word));
}

/** Words that introduce a list of values in prose; a clause lists the enum only after one of them. */
const listIntroducers = /\b(?:e\.g|i\.e|one of|either|can be|could be|must be|may be|possible|supported|allowed|valid|accepted|options?|choices?|such as|like)\b/i;

/**
 * Whether `segment` (a sentence, parenthesis or clause, without its end mark) says only what the
 * property's notation says. A clause (`whole` false) lists the enum only after an introducer, so
 * "Sort by name, size or date" keeps its "size or date".
 */
function repeatsFacts(segment: string, facts: PropertyFacts, whole: boolean): boolean {
  const plain = segment.trim().replace(/[.!]+$/, '').trim();
  if (plain === '') return false;
  if (facts.optional ? optionalStatement.test(plain) : requiredStatement.test(plain)) return true;
  if (facts.fallback) {
    const stated = defaultStatement.exec(plain);
    if (stated && namesValue(stated[1] ?? stated[2] ?? '', facts.fallback.value)) return true;
  }
  return facts.values !== undefined && (whole || listIntroducers.test(plain)) && listsValues(plain, facts.values);
}

/**
 * What is left of a sentence or parenthesis: nothing when all of it repeats the facts, else its
 * clauses that do not. A list introduced in a clause runs to the end ("Kinds, one of a, b").
 */
function keptParts(text: string, facts: PropertyFacts): string[] {
  if (repeatsFacts(text, facts, true)) return [];
  const parts = text.split(/,\s+/);
  if (parts.length === 1) return parts;
  const listStart = parts.findIndex((_, index) => index > 0 && repeatsFacts(parts.slice(index).join(', '), facts, false));
  return (listStart === -1 ? parts : parts.slice(0, listStart)).filter((part) => !repeatsFacts(part, facts, false));
}

/** Drops the parentheses, sentences and clauses of `text` that repeat the facts. */
function dropRepeats(text: string, facts: PropertyFacts): string {
  const unbracketed = text.replace(/\s*\(([^()]*)\)/g, (whole, inner: string) => {
    const kept = keptParts(inner, facts);
    return kept.length === 0 ? '' : kept.join(', ') === inner ? whole : ` (${kept.join(', ')})`;
  });
  // "e.g." and "i.e." end no sentence: "Diet, e.g. vegan, halal." is one.
  const sentences = unbracketed.split(/(?<=[.!?;])(?<!\b[Ee]\.g\.|\b[Ii]\.e\.)\s+/).flatMap((sentence) => {
    const end = /[.!?;]$/.exec(sentence)?.[0] ?? '';
    const body = end ? sentence.slice(0, -1) : sentence;
    const kept = keptParts(body, facts).join(', ');
    if (kept === '') return [];
    return [kept === body ? sentence : `${capitalized(kept, sentence)}${end}`];
  });
  return sentences.join(' ');
}

/** `text` with its first letter upper case when `was` started upper case (a sentence start stays one). */
function capitalized(text: string, was: string): string {
  return /^[A-Z]/.test(was) ? upperFirst(text) : text;
}

const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Leading words that say no fact: the type's name, the tool framing, an article. */
function dropLead(text: string, facts: PropertyFacts | undefined): string {
  let rest = text;
  if (facts?.type === 'array') rest = rest.replace(/^(?:the |an? )?(?:list|array) of (?=\S)/i, '');
  if (facts?.type === 'boolean') rest = rest.replace(/^(?:an? )?(?:boolean )?(?:flag|boolean|switch)(?: value)? (?:to determine|to indicate|to decide|indicating|determining|that indicates|that determines|for) (?=whether\b|if\b)/i, '');
  if (!facts) rest = rest.replace(/^[Tt]his (?:function|tool|method|endpoint|API|operation) (?!is\b|was\b|will\b|can\b|should\b|does\b|has\b|may\b|must\b)(?=[a-z])/, '');
  rest = rest.replace(/^(?:[Tt]he|[Aa]n?) (?=[a-z])/, '');
  return rest === text ? text : upperFirst(rest);
}

/**
 * `description` without what the notation beside it says. `facts` describes a property; without
 * it the description is a tool's.
 */
export function ownWords(description: string, facts?: PropertyFacts): string {
  const text = description.trim().replace(/\s+/g, ' ');
  if (!facts) return dropLead(text, undefined);
  const label = facts.optional ? /^\(?optional\)?\s*[:\-–]\s*/i : /^\(?required\)?\s*[:\-–]\s*/i;
  const unlabelled = label.test(text) ? upperFirst(text.replace(label, '')) : text;
  const rest = dropRepeats(unlabelled, facts);
  return rest === '' ? '' : dropLead(rest, facts);
}
