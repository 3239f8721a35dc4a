/**
 * The system prompt of a turn: the agent's text, the protocol's instructions for the tools offered,
 * and the toolbox's instructions. Rendering the instructions costs far more than a turn's other
 * work, and thousands of concurrent runs of one agent offer the same tools: the last prompt built
 * is kept per codec and reused (the same string, shared by every run) while the agent text, the
 * tool specs (by identity, in order), the toolbox instructions, the handler types and the state
 * variables offered are the same.
 */
import type { ToolSpec } from '../spec/decision.ts';
import type { Codec } from '../protocols/codec.ts';
import { handlerTypes } from './actions/handler-target.ts';
import type { RunState } from './run-state.ts';
import { sameItems } from './same-items.ts';

interface Entry {
  system: string | undefined;
  tools: readonly ToolSpec[];
  extra: readonly string[];
  handlers: readonly string[];
  variables: readonly string[];
  prompt: string;
}

const lastPrompt = new WeakMap<Codec, Entry>();

/** The instructions of a toolbox that has none: shared, never written. */
const noInstructions: readonly string[] = Object.freeze([]);

/**
 * True when `keys` are `object`'s own enumerable string keys, in `Object.keys` order, checked without
 * making the list (a for-in visits own keys first, in that order, then inherited ones, skipped here).
 */
export function sameOwnKeys(keys: readonly string[], object: object): boolean {
  let index = 0;
  for (const key in object) {
    if (!Object.hasOwn(object, key)) continue;
    if (keys[index] !== key) return false;
    index++;
  }
  return index === keys.length;
}

export function buildSystemPrompt(state: RunState): string {
  const { codec, system, toolbox } = state.context;
  const tools = state.transcript.tools;
  const extra = toolbox.instructions?.() ?? noInstructions;
  const handlers = handlerTypes(state.context.handlers);
  const values = state.transcript.variables.state;
  const cached = lastPrompt.get(codec);
  if (
    cached &&
    cached.system === system &&
    sameItems(cached.tools, tools) &&
    sameItems(cached.extra, extra) &&
    sameItems(cached.handlers, handlers) &&
    sameOwnKeys(cached.variables, values)
  ) {
    return cached.prompt;
  }
  const variables = Object.keys(values);
  const parts = [system, codec.instructions(tools, { handlers, variables }), ...extra];
  const prompt = parts.filter((part): part is string => typeof part === 'string' && part.trim() !== '').join('\n\n');
  lastPrompt.set(codec, { system, tools: [...tools], extra: [...extra], handlers, variables, prompt });
  return prompt;
}
