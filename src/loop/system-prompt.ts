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



export function buildSystemPrompt(state: RunState): string {
  const { codec, system, toolbox } = state.context;
  const tools = state.transcript.tools;
  const extra = toolbox.instructions?.() ?? [];
  const handlers = handlerTypes(state.context.handlers);
  const variables = Object.keys(state.transcript.variables.state);
  const cached = lastPrompt.get(codec);
  if (
    cached &&
    cached.system === system &&
    sameItems(cached.tools, tools) &&
    sameItems(cached.extra, extra) &&
    sameItems(cached.handlers, handlers) &&
    sameItems(cached.variables, variables)
  ) {
    return cached.prompt;
  }
  const parts = [system, codec.instructions(tools, { handlers, variables }), ...extra];
  const prompt = parts.filter((part): part is string => typeof part === 'string' && part.trim() !== '').join('\n\n');
  lastPrompt.set(codec, { system, tools: [...tools], extra: [...extra], handlers, variables, prompt });
  return prompt;
}
