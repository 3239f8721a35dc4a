/**
 * The `model-request` event of a turn, holding no copy of the history: its `messages` are read on
 * demand as the first `count` messages of the run's history (`models/history-prefix.ts`). The
 * history only grows and its sent messages never change (`seal-history.ts`), so that read always
 * equals what the model was sent, however late it happens; a run whose events nobody keeps pays
 * nothing per step for the prompt, and a consumer (the store, `reins show`) gets the exact list
 * when it reads it.
 */
import { defineEventMessages } from '../models/history-prefix.ts';
import type { ModelMessage } from '../spec/model.ts';
import type { AgentEvent } from '../spec/events.ts';
import type { EventBody } from './run-state.ts';
import { plainObjectMaker } from './plain-object-maker.ts';

/** The event is given its messages, the history stamps, then its run id and step: made with room for them (`plain-object-maker.ts`). */
const ModelRequestEvent = plainObjectMaker<Extract<AgentEvent, { type: 'model-request' }>>();

export function modelRequestEvent(attempt: number, system: string, history: readonly ModelMessage[], count: number): EventBody {
  const event = new ModelRequestEvent();
  event.type = 'model-request';
  event.attempt = attempt;
  event.system = system;
  return defineEventMessages(event, history, count) as EventBody;
}
