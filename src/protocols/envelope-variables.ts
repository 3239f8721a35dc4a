/**
 * The `$(...)` variables of seed 003's content sources: `$(state.<name>)` (a value the caller passed),
 * `$(steps.<n>.result)` (the n-th tool or handler result of the run, 1-based, as its observation's
 * `ref` says) and `$(last.<tool>)` (the latest result of that tool). `$$(` writes a literal `$(`.
 * Reading a template never resolves it: the envelope's runner does, with the run's values; here a text is split
 * into literal parts and references, and a reference of any other form is refused, so a `$(...)`
 * never reaches the user as it was written.
 */
import type { KnownVariables } from './codec.ts';

export type VariableRef = { kind: 'state'; name: string } | { kind: 'steps'; n: number } | { kind: 'last'; tool: string };

export type TemplatePart = string | { ref: VariableRef };

export type TemplateReading = { ok: true; parts: TemplatePart[] } | { ok: false; message: string };

const forms = [
  { pattern: /^state\.([A-Za-z0-9_-]+)$/, ref: (match: RegExpExecArray): VariableRef => ({ kind: 'state', name: match[1] ?? '' }) },
  { pattern: /^steps\.([1-9][0-9]{0,8})\.result$/, ref: (match: RegExpExecArray): VariableRef => ({ kind: 'steps', n: Number(match[1]) }) },
  { pattern: /^last\.([A-Za-z0-9_.-]{1,128})$/, ref: (match: RegExpExecArray): VariableRef => ({ kind: 'last', tool: match[1] ?? '' }) },
];

/** What the instructions and corrections say a variable may be. */
export const VARIABLE_FORMS = '$(state.<name>), $(steps.<n>.result), $(last.<tool>)';

/** `state.x`, `steps.2.result`, `last.add`: the name inside `$(...)`. */
export function variableName(ref: VariableRef): string {
  if (ref.kind === 'state') return `state.${ref.name}`;
  if (ref.kind === 'steps') return `steps.${ref.n}.result`;
  return `last.${ref.tool}`;
}

/** Reads one name (`state.summary`, or `$(state.summary)` as the seed writes the `variable` source). */
export function readVariable(written: string): VariableRef | undefined {
  const inner = /^\s*\$\((.*)\)\s*$/s.exec(written)?.[1] ?? written.trim();
  for (const form of forms) {
    const match = form.pattern.exec(inner.trim());
    if (match) return form.ref(match);
  }
  return undefined;
}

const shown = (text: string): string => (text.length > 40 ? `${text.slice(0, 39)}…` : text).replace(/[`\n]/g, ' ');

/**
 * Splits `text` into literal parts and references; `$$(` is a literal `$(`. Strict (text meant for
 * the user): a `$(...)` that is not a variable is refused. Lenient (a tool's params, where `$(date)`
 * may be a shell's): only `$(...)` of a variable's form is a reference, `$$(` escapes only those, and
 * anything else stays as written.
 */
export function readTemplate(text: string, mode: 'strict' | 'lenient' = 'strict'): TemplateReading {
  const parts: TemplatePart[] = [];
  let literal = '';
  let index = 0;
  while (index < text.length) {
    const start = text.indexOf('$(', index);
    if (start < 0) break;
    const end = text.indexOf(')', start + 2);
    const inner = end < 0 ? '' : text.slice(start + 2, end);
    const ref = end < 0 ? undefined : readVariable(inner);
    const escaped = text[start - 1] === '$';
    if (mode === 'lenient' && !ref) {
      literal += text.slice(index, start + 2);
      index = start + 2;
      continue;
    }
    if (escaped) {
      literal += text.slice(index, start - 1) + '$(';
      index = start + 2;
      continue;
    }
    if (end < 0) return { ok: false, message: `unclosed variable \`${shown(text.slice(start))}\` (write $$( for a literal $()` };
    if (!ref) return { ok: false, message: `unknown variable \`$(${shown(inner)})\`; variables are ${VARIABLE_FORMS} (write $$( for a literal $()` };
    literal += text.slice(index, start);
    if (literal) parts.push(literal);
    literal = '';
    parts.push({ ref });
    index = end + 1;
  }
  literal += text.slice(index);
  if (literal) parts.push(literal);
  return { ok: true, parts };
}

/** What the turn may name: the variables known at its start plus the results its earlier actions will add. */
export interface TurnVariables extends KnownVariables {
  /** Tool and handler actions of the turn before the one being read (their results will exist). */
  pending: readonly string[];
}

/** Undefined when `ref` can be resolved in this turn; otherwise why not (short, for a correction). */
export function unknownVariable(ref: VariableRef, known: TurnVariables): string | undefined {
  const name = `$(${variableName(ref)})`;
  if (ref.kind === 'state') {
    if (known.state.includes(ref.name)) return undefined;
    const names = known.state.length ? known.state.map((state) => `state.${state}`).join(', ') : 'none';
    return `unknown variable \`${name}\`; state variables: ${names}`;
  }
  const results = known.results + known.pending.length;
  if (ref.kind === 'steps') {
    if (ref.n <= results) return undefined;
    return `unknown variable \`${name}\`: ${results === 0 ? 'no step has a result yet' : `results so far are steps.1 to steps.${results}`}`;
  }
  if (known.lastTools.includes(ref.tool) || known.pending.includes(ref.tool)) return undefined;
  const tools = [...new Set([...known.lastTools, ...known.pending])];
  return `unknown variable \`${name}\`: ${tools.length ? `tools with a result: ${tools.join(', ')}` : 'no tool has a result yet'}`;
}
