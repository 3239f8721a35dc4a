/**
 * The run values a model can name in `$(...)` (seed 003): `$(state.<name>)` from the values the
 * caller passed (`envelope({ state })`), `$(steps.<n>.result)` for the n-th tool or handler
 * result of the run (1-based, in the order results came back; the observation shows its `ref`) and
 * `$(last.<tool>)` for the latest result of that tool. A resumed run rebuilds the results from its
 * stored `tool-call-end` records, so the numbers stay the same.
 */
import type { KnownVariables } from '../codec.ts';
import { describeToolResult } from '../describe-tool-result.ts';
import { readTemplate, readVariable, unknownVariable, type VariableRef } from '../envelope-variables.ts';
import type { ToolResult } from '../../tools/toolbox.ts';

export type Resolved = { ok: true; text: string } | { ok: false; message: string };

/** A value as text: strings as they are, anything else as JSON. */
function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  return JSON.stringify(value) ?? String(value);
}

function resultText(result: ToolResult): string {
  const described = describeToolResult(result);
  if (described.text !== '' || described.structured === undefined) return described.text;
  return asText(described.structured);
}

export class RunVariables {
  readonly #state: Readonly<Record<string, unknown>>;
  readonly #results: string[] = [];
  /** Latest result text per tool. */
  readonly #last = new Map<string, string>();

  constructor(state: Readonly<Record<string, unknown>> = {}) {
    this.#state = state;
  }

  /** The values the caller passed. */
  get state(): Readonly<Record<string, unknown>> {
    return this.#state;
  }

  /** Keeps a result; returns the `ref` the model names it by (`steps.<n>`). */
  addResult(tool: string, result: ToolResult): string {
    const text = resultText(result);
    this.#results.push(text);
    this.#last.set(tool, text);
    return `steps.${this.#results.length}`;
  }

  /** The names known now, for the parse of the next turn. */
  known(): KnownVariables {
    return { state: Object.keys(this.#state), results: this.#results.length, lastTools: [...this.#last.keys()] };
  }

  resolve(ref: VariableRef): Resolved {
    const unknown = unknownVariable(ref, { ...this.known(), pending: [] });
    if (unknown) return { ok: false, message: unknown };
    if (ref.kind === 'state') return { ok: true, text: asText(this.#state[ref.name]) };
    if (ref.kind === 'steps') return { ok: true, text: this.#results[ref.n - 1] ?? '' };
    return { ok: true, text: this.#last.get(ref.tool) ?? '' };
  }

  /** A `variable` source (`state.x` or `$(state.x)`). */
  resolveName(written: string): Resolved {
    const ref = readVariable(written);
    return ref ? this.resolve(ref) : { ok: false, message: `unknown variable \`${written.slice(0, 40)}\`` };
  }

  /** A text with `$(...)` variables, every one resolved (strict: never a literal `$(...)` left; see `readTemplate`). */
  fill(template: string, mode: 'strict' | 'lenient' = 'strict'): Resolved {
    const reading = readTemplate(template, mode);
    if (!reading.ok) return reading;
    let text = '';
    for (const part of reading.parts) {
      if (typeof part === 'string') {
        text += part;
        continue;
      }
      const resolved = this.resolve(part.ref);
      if (!resolved.ok) return resolved;
      text += resolved.text;
    }
    return { ok: true, text };
  }
}
