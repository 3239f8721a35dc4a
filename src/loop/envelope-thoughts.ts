/**
 * Reads the typed thoughts of a streamed envelope as each one completes, cheaply: only when a `}`
 * arrives, repair the partial JSON (jsonrepair) and read its `thoughts` array. A thought counts as
 * complete when another element follows it, the array is closed, or the text ends on its `}`.
 */
import { jsonrepair } from 'jsonrepair';
import type { Thought } from '../decision.ts';

export class EnvelopeThoughtTracker {
  #emitted = 0;

  /** The thoughts completed since the last call, given the text so far and the latest delta. */
  update(text: string, delta: string): Thought[] {
    if (!delta.includes('}')) return [];
    const complete = completedThoughts(text);
    if (complete.length <= this.#emitted) return [];
    const fresh = complete.slice(this.#emitted);
    this.#emitted = complete.length;
    return fresh;
  }

  /** The thoughts of the final decision not yet reported. */
  remaining(all: readonly Thought[]): Thought[] {
    const rest = all.slice(this.#emitted);
    this.#emitted = Math.max(this.#emitted, all.length);
    return rest;
  }
}

function completedThoughts(text: string): Thought[] {
  const start = text.indexOf('{');
  if (start < 0) return [];
  let value: unknown;
  try {
    value = JSON.parse(jsonrepair(text.slice(start)));
  } catch {
    return [];
  }
  if (typeof value !== 'object' || value === null || !Array.isArray((value as { thoughts?: unknown }).thoughts)) return [];
  const thoughts = ((value as { thoughts: unknown[] }).thoughts).filter(isThought);
  const keys = Object.keys(value);
  const arrayClosed = keys.indexOf('thoughts') < keys.length - 1;
  return arrayClosed || /\}\s*$/.test(text) ? thoughts : thoughts.slice(0, -1);
}

function isThought(value: unknown): value is Thought {
  const candidate = value as Thought | null;
  return typeof candidate === 'object' && candidate !== null && typeof candidate.type === 'string' && typeof candidate.content === 'string';
}
