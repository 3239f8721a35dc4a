/**
 * What the model reads for a delivered `send_response` (envelope output), in the live run and when a
 * stored run is resumed, so both agree: the codec's observation "Delivered to the user.", with the
 * output kept for the turn's stacked answer.
 */
import type { DecisionReply } from '../spec/accepted-turn.ts';
import { textResult } from '../tools/toolbox.ts';
import type { Codec } from './codec.ts';

/** The name a `send_response` observation carries. */
export const SEND_RESPONSE = 'send_response';

export function deliveredReply(codec: Codec, output: { text: string; confidence?: number }): DecisionReply {
  return { content: codec.observation(textResult('Delivered to the user.'), { tool: SEND_RESPONSE }), output };
}
