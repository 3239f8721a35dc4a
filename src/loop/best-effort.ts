/**
 * The optional best-effort last turn (`bestEffortAnswer`): after maxSteps, a loop or exhausted
 * retries, ask once more with tools forbidden (native: toolChoice `none`; text protocols: told so,
 * with the answer shape rendered by the codec). Only a valid `answer_user` counts; the run stays failed.
 */
import { LoopDetectedError } from '../errors/loop-detected-error.ts';
import { MaxStepsError } from '../errors/max-steps-error.ts';
import type { ReinsError } from '../errors/reins-error.ts';
import { RetriesExhaustedError } from '../errors/retries-exhausted-error.ts';
import { answerTurn } from './answer-turn.ts';
import { nextTurn } from './next-turn.ts';
import type { RunState } from './run-state.ts';

export interface BestEffort {
  answer: string;
  confidence?: number;
}

export function allowsBestEffort(error: ReinsError): boolean {
  return MaxStepsError.isInstance(error) || LoopDetectedError.isInstance(error) || RetriesExhaustedError.isInstance(error);
}

export async function bestEffortAnswer(state: RunState, error: ReinsError): Promise<BestEffort | undefined> {
  if (!state.context.policies.bestEffortAnswer || !allowsBestEffort(error) || state.context.signal.aborted) return undefined;
  const shape = state.context.codec.answerOnly();
  state.transcript.messages.push({
    role: 'user',
    content: `${error.message} No more tools can be called. Give your best answer now from what you already know. ${shape}`,
  });
  try {
    const turn = await nextTurn(state, { forbidTools: true, maxRetries: 0 });
    const decision = turn.decisions[0];
    if (decision?.action !== 'answer_user') {
      answerTurn(state, turn, [], { content: 'Not run: tools are forbidden in this last turn.', isError: true });
      return undefined;
    }
    state.context.emit({ type: 'answer', answer: decision.answer, confidence: decision.confidence, bestEffort: true });
    return decision.confidence === undefined ? { answer: decision.answer } : { answer: decision.answer, confidence: decision.confidence };
  } catch {
    return undefined;
  }
}
