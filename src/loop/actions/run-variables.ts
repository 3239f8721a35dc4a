/**
 * The run values a model can name in a `send_response` (seed 003): `$(state.<name>)` from the values
 * the caller passed (`createAgent({ state })`), `$(steps.<n>.result)` for the n-th tool or handler
 * result of the run (1-based, in the order results came back; the observation shows its `ref`) and
 * `$(last.<tool>)` for the latest result of that tool. A resumed run rebuilds the results from its
 * stored `tool-call-end` records, so the numbers stay the same.
 */
import type { KnownVariables } from '../../protocols/codec.ts';
import { describeToolResult } from '../../protocols/describe-tool-result.ts';
import { readTemplate, readVariable, unknownVariable, type VariableRef } from '../../protocols/envelope-variables.ts';
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

/** `steps.<n>` for the first results, made once for every run (a ref per tool call otherwise). */
const sharedRefs: string[] = [];
const sharedRefLimit = 1024;

function resultRef(n: number): string {
  if (n > sharedRefLimit) return `steps.${n}`;
  return (sharedRefs[n] ??= `steps.${n}`);
}

export class RunVariables {
  readonly #state: Readonly<Record<string, unknown>>;
  readonly #results: string[] = [];
  /** Latest result text per tool; made with the first result (a run that calls no tool never needs it). */
  #last: Map<string, string> | undefined;
  /** The keys of `#last`, in order; a new list only when a tool has its first result. */
  #lastTools: readonly string[] = Object.freeze([]);

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
    const last = (this.#last ??= new Map());
    if (!last.has(tool)) this.#lastTools = Object.freeze([...this.#lastTools, tool]);
    last.set(tool, text);
    return resultRef(this.#results.length);
  }

  /** The names known now, for the parse of the next turn. */
  known(): KnownVariables {
    return { state: Object.keys(this.#state), results: this.#results.length, lastTools: this.#lastTools };
  }

  resolve(ref: VariableRef): Resolved {
    const unknown = unknownVariable(ref, { ...this.known(), pending: [] });
    if (unknown) return { ok: false, message: unknown };
    if (ref.kind === 'state') return { ok: true, text: asText(this.#state[ref.name]) };
    if (ref.kind === 'steps') return { ok: true, text: this.#results[ref.n - 1] ?? '' };
    return { ok: true, text: this.#last?.get(ref.tool) ?? '' };
  }

  /** A `variable` source (`state.x` or `$(state.x)`). */
  resolveName(written: string): Resolved {
    const ref = readVariable(written);
    return ref ? this.resolve(ref) : { ok: false, message: `unknown variable \`${written.slice(0, 40)}\`` };
  }

  /** A text with `$(...)` variables, every one resolved (never a literal `$(...)` left). */
  fill(template: string): Resolved {
    const reading = readTemplate(template);
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
