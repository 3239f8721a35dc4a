/**
 * Damage that `jsonrepair` can only repair by guessing what the model wrote. Each check returns a
 * short correction line, or undefined; `readJson` refuses instead of repairing where one fires, since
 * a refusal costs one correction and a wrong guess runs a tool with arguments the model never wrote.
 * The checks only look (linear scans); the repair itself stays jsonrepair's.
 *
 * - a bare value holding `//` or an unclosed `/*` (`{path: a//b}`): repair cuts it as a comment;
 * - a `//` comment holding a lone carriage return: where the comment ends is a guess;
 * - a comment right after a closing quote that holds a quote (`"http:"//x.com"`): a comment, or an
 *   unescaped quote inside the string?
 * - a closing quote followed by text that cannot follow a string (`"v"alue"`, `"c" # note`): an
 *   unescaped quote inside the string, and where the string ends is a guess;
 * - an invalid escape in a string (`"\s"`, `"C:\Users"`): repair drops the backslash the model wrote;
 * - a raw line break right before a closing quote: part of the value, or the model's layout;
 * - a string cut inside an escape (`"val\\`, `"\\u20`, `"\\ud800`): which character was meant is a guess;
 * - a number followed by a quote (`12345"`): a number, or a string whose opening quote is missing;
 * - a `key: value` inside a list (`['a': {...}]`): repair splits it into items;
 * - an unquoted value spelled as another language's literal (`TRUE`, `Null`, `1_000`, `(1, 2)`):
 *   repair reads it as a string where the model meant a boolean, null, number or list;
 * - a key with no value (`"b": }`, `"a": ,`, `{"b` cut short): repair fills in a `null` the model
 *   never wrote (checked on the repaired value: more nulls than the text spells).
 */

import { commentEnd } from './json-comments.ts';

const doubleQuoted = /"(?:[^"\\]|\\.)*"/y;
const singleQuoted = /'(?:[^'\\\n]|\\.)*'/y;
/**
 * The text with every quoted string emptied and every comment reduced to its signs and carriage
 * returns (`commentEndedByCarriageReturn` looks for those), so checks see only the structure.
 */
function unquoted(text: string): string {
  let out = '';
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    const comment = char === '/' ? commentEnd(text, index) : -1;
    if (comment > 0) {
      const body = text.slice(index, comment);
      const closed = body.startsWith('/*') && body.length > 3 && body.endsWith('*/');
      out += body.slice(0, 2) + body.slice(2).replace(/[^\r]/g, '') + (closed ? '*/' : '');
      index = comment - 1;
      continue;
    }
    const quoted = char === '"' ? doubleQuoted : char === "'" ? singleQuoted : undefined;
    if (quoted) {
      quoted.lastIndex = index;
      if (quoted.exec(text)) {
        out += '""';
        index = quoted.lastIndex - 1;
        continue;
      }
    }
    out += char;
  }
  return out;
}

const commentAfterBareWord = /[^\s,{}[\]:'"/*](\/\/|\/\*)/g;

function commentInBareWord(bare: string): string | undefined {
  const lastClose = bare.lastIndexOf('*/');
  for (const match of bare.matchAll(commentAfterBareWord)) {
    if (match[1] === '//' || match.index + 1 > lastClose) return 'an unquoted value holds // or /* (quote the value)';
  }
  return undefined;
}

const afterString = new Set([',', ':', '}', ']', '"']);
const opensValue = new Set(['{', '[', ',', ':']);
/**
 * What may follow a closing quote without making the string's end a guess: a comment, a value after
 * a key whose colon is missing (`"a" 2`), or the next key after a missing comma or opening quote
 * (`"John"\n last: x`, `"b,"c": 1`).
 */
const readsOn = /^(?:\/[/*]|[-\d'{[]|(?:true|false|null|True|False|None)\b|[\w$]+"?\s*:(?!\/\/))/;
/** After a key only its value may follow (its colon missing): never another key (`{"" key":`: a stray quote). */
const readsOnAfterKey = /^(?:\/[/*]|[-\d'{["]|(?:true|false|null|True|False|None)\b)/;

/** A string whose closing quote is followed by text that cannot follow it: `start` and `end` are its quotes. */
export interface StraySite {
  start: number;
  end: number;
  /** The string is an object key (only `:` may end it). */
  key: boolean;
  /** The string is an item of a list (`, "` starts the next item). */
  item: boolean;
  /** Its closing quote is doubled (`"x""`, `""key"`): a stray quote, or a quote inside the string? */
  doubled: boolean;
}

interface ScanHooks {
  /** Called with the quote and index of a string the text ends inside (cut short, not in an escape). */
  onCut?: (quote: string, start: number) => void;
  /** Called with the string whose end is a guess (an unescaped quote inside it). */
  onStray?: (site: StraySite) => void;
  /**
   * Whether a word and a colon after a closing quote may be the next key (`"b,"c": 1`: its comma and
   * opening quote missing); false where that reading already failed, so the quote is stray.
   * @default true
   */
  keyMayFollow?: boolean;
}

/**
 * True when `text` ends inside an escape: an odd run of backslashes, maybe then `u` and up to 3 hex
 * digits, or a whole `\uD800`-`\uDBFF` (the first half of a surrogate pair: its character is cut).
 */
function endsInEscape(text: string): boolean {
  const tail = /u(?:[dD][89abAB][0-9a-fA-F]{2}|[0-9a-fA-F]{0,3})$/.exec(text.slice(-5))?.[0];
  let position = text.length - (tail?.length ?? 0);
  let slashes = 0;
  while (position > 0 && text[position - 1] === '\\') {
    slashes += 1;
    position -= 1;
  }
  return slashes % 2 === 1;
}

/** Index of the quote closing the string opened at `start`, or -1 when the text ends first. */
function closingQuote(text: string, start: number, quote: string): number {
  for (let index = start + 1; index < text.length; index += 1) {
    if (text[index] === '\\') index += 1;
    else if (text[index] === quote) return index;
  }
  return -1;
}

/** An invalid escape (`\\s`, `\\U`: repair drops the backslash) or a raw line break right before the closing quote. */
function stringProblem(content: string): string | undefined {
  const escape = /(?:^|[^\\])(?:\\\\)*(\\[^"\\/bfnrtu'])/.exec(content)?.[1];
  // A backslash before a raw line break or tab: a line continuation, an escaped character, or a backslash (code)?
  if (escape && /\s/.test(escape[1] ?? '')) return 'a backslash before a raw line break or tab in a string (write \\n or \\t for the character, \\\\ for a backslash)';
  if (escape) return `invalid escape \`${escape.replace(/[^\x21-\x7e]/g, '?')}\` in a string (write \\\\ for a backslash)`;
  if (/\n[ \t]*$/.test(content)) return 'a string ends with a raw line break (write \\n inside the string, or close it on the same line)';
  return undefined;
}

function strayQuote(text: string, { onCut, onStray, keyMayFollow = true }: ScanHooks = {}): string | undefined {
  let previous = '';
  const open: string[] = [];
  /** The last string read and what it was (a key, a list item). */
  let last: StraySite | undefined;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    const before = text[index - 1] ?? '';
    // A quote inside a comment opens nothing.
    const comment = char === '/' ? commentEnd(text, index) : -1;
    if (comment > 0) {
      index = comment - 1;
      continue;
    }
    if (char === '{' || char === '[') open.push(char);
    else if (char === '}' || char === ']') open.pop();
    // A quote right after a word or a backslash closes an unopened string or is escaped JSON: not an opener.
    const opener = char === '"' ? !/[\w\\]/.test(before) : char === "'" && opensValue.has(previous);
    if (char === '"' && !opener && /[:[,]\s*[-+]?\d[\d.eE+-]*$/.test(text.slice(Math.max(0, index - 40), index))) {
      return `a number followed by a quote (near character ${index}): a number, or a string missing its opening quote?`;
    }
    if (!opener) {
      if (!/\s/.test(char)) previous = char;
      continue;
    }
    // Where reading as written failed, a string right after the closers that followed the last
    // string (`"He said "}" there"}`): those closers may be inside the last string, its end a guess.
    if (!keyMayFollow && char === '"' && last && /^\s*[}\]][\s}\]]*$/.test(text.slice(last.end + 1, index))) {
      onStray?.(last);
      return `unescaped quote inside a string, or text after one (near character ${last.end}; write \\" inside strings)`;
    }
    const end = closingQuote(text, index, char);
    // Cut short inside a string: truncation at the end is repaired by design (DESIGN §4), the cut
    // string closed where the text ends; but a cut escape (`\\`, `\\u20`) leaves its character a guess.
    if (end < 0) {
      if (endsInEscape(text)) return `the text ends inside an escape (near character ${text.length}): resend the whole value`;
      onCut?.(char, index);
      return undefined;
    }
    const inside = stringProblem(text.slice(index + 1, end));
    if (inside) return `${inside} (near character ${end})`;
    // A comment right after the closing quote that holds a quote (`"http:"//example.com"`): a comment,
    // or an unescaped quote inside the string (a URL)?
    const attached = commentEnd(text, end + 1);
    if (char === '"' && attached > 0 && text.slice(end + 3, attached).includes('"')) {
      return `a quote right before // or /* (near character ${end}): a comment, or a quote inside the string? Write \\" inside strings, and a space before comments`;
    }
    let next = end + 1;
    while (next < text.length && /\s/.test(text[next]!)) next += 1;
    const follower = text[next];
    const wrapped = follower === ')' && previous === '('; // ObjectId("x"), a call jsonrepair unwraps
    const key = open.at(-1) === '{' && (previous === '{' || previous === ',');
    const reads = (key || !keyMayFollow ? readsOnAfterKey : readsOn).test(text.slice(next, next + 64));
    // A closing quote typed twice before structure (`"x"", `): does the value end in a quote?
    const doubledClose = char === '"' && text[end + 1] === '"' && /^\s*(?:[,}\]:]|$)/.test(text.slice(end + 2, end + 66));
    if (char === '"' && (doubledClose || (follower !== undefined && !afterString.has(follower) && !wrapped && !reads))) {
      // An empty string followed by text (`"" key"`): one quote typed twice, or a quote inside?
      const doubled = doubledClose || end === index + 1;
      onStray?.({ start: index, end, key, item: open.at(-1) === '[', doubled });
      return doubled
        ? `unescaped quote inside a string, or a doubled one (near character ${end}; write \\" inside strings)`
        : `unescaped quote inside a string, or text after one (near character ${end}; write \\" inside strings)`;
    }
    last = { start: index, end, key, item: open.at(-1) === '[', doubled: false };
    previous = char;
    index = end;
  }
  return undefined;
}

const bareValue = /[[,:]\s*([^\s"'{}[\],:]+)/g;
const jsonLiterals = new Set(['true', 'false', 'null', 'True', 'False', 'None']);

function foreignLiteral(bare: string): string | undefined {
  for (const [, token = ''] of bare.matchAll(bareValue)) {
    const literal = /^(?:true|false|null|none)$/i.test(token) && !jsonLiterals.has(token);
    const separated = /^[-+]?\d[\d_]*(?:\.[\d_]+)?$/.test(token) && token.includes('_');
    if (literal || separated || token.startsWith('(')) {
      return `unquoted value \`${token.slice(0, 24)}\` (write true, false, null, a plain number, a [list], or a "quoted string")`;
    }
  }
  return undefined;
}

/** A `:` whose innermost open bracket is `[`: a list holding `key: value`, an object's braces missing. */
function colonInList(bare: string): string | undefined {
  const open: string[] = [];
  for (const char of bare) {
    if (char === '{' || char === '[') open.push(char);
    else if (char === '}' || char === ']') open.pop();
    else if (char === ':' && open.at(-1) === '[') return 'a `key: value` inside a [list] (wrap it in {braces}, or quote it)';
  }
  return undefined;
}

/** Why repairing `text` would guess, checked before repair; undefined when it reads one way. */
/**
 * A `//` comment with a lone carriage return in it: a line end to some readers, not to others
 * (jsonrepair reads on to the next `\n`, so `// note\rarguments: {..}` loses the arguments).
 */
function commentEndedByCarriageReturn(bare: string): string | undefined {
  return /\/\/[^\n]*\r(?!\n)/.test(bare) ? 'a // comment ends at a lone carriage return: end comments with a line break, or leave them out' : undefined;
}

export function repairGuess(text: string): string | undefined {
  const bare = unquoted(text);
  return commentInBareWord(bare) ?? commentEndedByCarriageReturn(bare) ?? strayQuote(text) ?? foreignLiteral(bare) ?? colonInList(bare);
}

/**
 * The quote and opening index of a string `text` ends inside (cut short), else undefined; call after
 * `repairGuess` found nothing.
 */
export function cutString(text: string): { quote: string; start: number } | undefined {
  let cut: { quote: string; start: number } | undefined;
  strayQuote(text, {
    onCut: (quote, start) => {
      cut = { quote, start };
    },
  });
  return cut;
}

/**
 * The first string of `text` whose end is a guess (an unescaped quote inside it), else undefined.
 * `keyMayFollow: false` also counts a quote followed by `word:` (read as the next key otherwise).
 */
export function straySite(text: string, keyMayFollow = true): StraySite | undefined {
  let site: StraySite | undefined;
  strayQuote(text, {
    keyMayFollow,
    onStray: (found) => {
      site = found;
    },
  });
  return site;
}

function countNulls(value: unknown): number {
  let count = 0;
  const stack = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (current === null) count += 1;
    else if (typeof current === 'object') for (const item of Object.values(current as object)) stack.push(item);
  }
  return count;
}

/** A key the repair gave a `null` the text never spells (`null`, `None`, `undefined`). */
export function inventedNull(text: string, repaired: unknown): string | undefined {
  const written = unquoted(text).match(/\b(?:null|None|undefined)\b/g)?.length ?? 0;
  return countNulls(repaired) > written ? 'a key has no value (write its value, or null)' : undefined;
}

const bracketChars = /[{}[\]]/g;
const bracketCount = (text: string): number => text.match(bracketChars)?.length ?? 0;

function bracketsInStrings(value: unknown): number {
  let count = 0;
  const stack = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current === 'string') count += bracketCount(current);
    else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current as object)) {
        if (!Array.isArray(current)) count += bracketCount(key);
        stack.push(item);
      }
    }
  }
  return count;
}

/**
 * A bracket the repair moved into a string: an unquoted value runs into the bracket that closes its
 * object (`{path: /home}` read as `{"path": "/home}"}`), so the value is other text than the model
 * wrote and the object's end a guess. The strings of the repaired value may hold only the brackets
 * the input holds inside quotes (or comments).
 */
export function swallowedBracket(text: string, repaired: unknown): string | undefined {
  const quoted = bracketCount(text) - bracketCount(unquoted(text));
  return bracketsInStrings(repaired) > quoted ? 'an unquoted value runs into a bracket (quote the value)' : undefined;
}

