/**
 * The system prompt of a turn: the agent's text, the protocol's instructions for the tools offered,
 * and the toolbox's instructions. Rendering the instructions costs far more than a turn's other
 * work, and thousands of concurrent runs of one agent offer the same tools: the last prompt built
 * is kept per codec and reused (the same string, shared by every run) while the agent text, the
 * tool specs (by identity, in order) and the toolbox instructions are the same.
 */
import type { ToolSpec } from '../spec/decision.ts';
import type { Codec } from '../protocols/codec.ts';
import type { RunState } from './run-state.ts';
import { sameItems } from './same-items.ts';

interface Entry {
  system: string | undefined;
  tools: readonly ToolSpec[];
  extra: readonly string[];
  prompt: string;
}

const lastPrompt = new WeakMap<Codec, Entry>();

/** The instructions of a toolbox that has none: shared, never written. */
const noInstructions: readonly string[] = Object.freeze([]);

export function buildSystemPrompt(state: RunState): string {
  const { codec, system, toolbox } = state.context;
  const tools = state.transcript.tools;
  const extra = toolbox.instructions?.() ?? noInstructions;
  const cached = lastPrompt.get(codec);
  if (
    cached &&
    cached.system === system &&
    sameItems(cached.tools, tools) &&
    sameItems(cached.extra, extra)
  ) {
    return cached.prompt;
  }
  const parts = [system, codec.instructions(tools), ...extra];
  const prompt = parts.filter((part): part is string => typeof part === 'string' && part.trim() !== '').join('\n\n');
  lastPrompt.set(codec, { system, tools: [...tools], extra: [...extra], prompt });
  return prompt;
}
