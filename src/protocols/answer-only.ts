import type { RenderInput } from './codec.ts';

/**
 * How a text protocol asks for only a final answer: told so, with the answer's shape rendered by
 * the codec itself (the best-effort last turn).
 */
export function answerOnly(render: (input: RenderInput) => string): string {
  return `Reply with only your final answer, in this form:\n${render({ decisions: [{ action: 'answer_user', answer: '...' }] })}`;
}
