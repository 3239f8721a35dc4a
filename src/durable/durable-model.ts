/**
 * The model of a durable run: each model call is one DBOS step, checkpointed when it returns. A
 * recovered workflow replays the run from its start and gets every finished call's response from
 * the checkpoint (the model is not asked twice); only calls that had not returned are made again.
 * The call is not streamed (a step's result is the whole turn), so a durable run has no
 * `decision-delta` events; everything else the loop does with the response is the same.
 */
import { DBOS } from './dbos-sdk.ts';
import type { Model, ModelRequest, ModelResponse } from '../spec/model.ts';
import { outcomeOf, unwrapOutcome } from './step-outcome.ts';

/** The name of a model call's step in the workflow's step list. */
export const MODEL_STEP = 'reins.model-turn';

export function durableModel(model: Model): Model {
  return {
    provider: model.provider,
    modelId: model.modelId,
    supportsTools: model.supportsTools,
    // A failed call is checkpointed as its error (step-outcome.ts), so a replay fails the same way.
    generate: async (request: ModelRequest): Promise<ModelResponse> =>
      unwrapOutcome(await DBOS.runStep(() => outcomeOf(() => model.generate(request)), { name: MODEL_STEP })),
  };
}
