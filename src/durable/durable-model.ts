/**
 * The model of a durable run: each model call is one DBOS step, checkpointed when it returns. A
 * recovered workflow replays the run from its start and gets every finished call's response from
 * the checkpoint (the model is not asked twice); only calls that had not returned are made again.
 * The call is not streamed (a step's result is the whole turn), so a durable run has no
 * `decision-delta` events; everything else the loop does with the response is the same. A model
 * that plays its turns by position (`replay:`) is told of each turn a checkpoint answered
 * (`turnPlayedElsewhere`), so a recovered run goes on with the next recorded turn, as `reins resume` does.
 */
import { DBOS } from './dbos-sdk.ts';
import type { Model, ModelRequest, ModelResponse } from '../spec/model.ts';
import { outcomeOf, unwrapOutcome } from './step-outcome.ts';

/** The name of a model call's step in the workflow's step list. */
export const MODEL_STEP = 'reins.model-turn';

/** A model that plays its turns by position (ReplayModel): a turn answered by a checkpoint must count as played. */
interface PositionalModel extends Model {
  turnPlayedElsewhere(request: ModelRequest): void;
}

const isPositional = (model: Model): model is PositionalModel => typeof (model as Partial<PositionalModel>).turnPlayedElsewhere === 'function';

export function durableModel(model: Model): Model {
  return {
    provider: model.provider,
    modelId: model.modelId,
    supportsTools: model.supportsTools,
    ...(model.defaultMaxOutputTokens === undefined ? {} : { defaultMaxOutputTokens: model.defaultMaxOutputTokens }),
    // A failed call is checkpointed as its error (step-outcome.ts), so a replay fails the same way.
    generate: async (request: ModelRequest): Promise<ModelResponse> => {
      let called = false;
      const outcome = await DBOS.runStep(
        () => {
          called = true;
          return outcomeOf(() => model.generate(request));
        },
        { name: MODEL_STEP },
      );
      // DBOS answered from the checkpoint without running the step: the model never saw this turn.
      if (!called && isPositional(model)) model.turnPlayedElsewhere(request);
      return unwrapOutcome(outcome);
    },
  };
}
