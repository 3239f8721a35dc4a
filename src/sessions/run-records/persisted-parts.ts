/**
 * The model, toolbox and user channel of a stored run, wrapped so each waits for the recorder's
 * `flush` before it acts: every record is committed before the next model call, before a tool
 * starts (so a call in flight is known after a crash) and before the human is asked (the recorder
 * has then marked the run `waiting-user`).
 */
import type { Model, ModelRequest, ModelStreamPart } from '../../spec/model.ts';
import type { Toolbox } from '../../tools/toolbox.ts';
import type { RunRecorder } from './run-recorder.ts';
import type { UserChannel } from '../../spec/user-channel.ts';

export function persistedModel(model: Model, recorder: RunRecorder): Model {
  const stream = model.stream;
  return {
    provider: model.provider,
    modelId: model.modelId,
    supportsTools: model.supportsTools,
    ...(model.defaultMaxOutputTokens === undefined ? {} : { defaultMaxOutputTokens: model.defaultMaxOutputTokens }),
    async generate(request: ModelRequest) {
      await recorder.flush();
      return model.generate(request);
    },
    ...(stream
      ? {
          async *stream(request: ModelRequest): AsyncIterable<ModelStreamPart> {
            await recorder.flush();
            yield* stream.call(model, request);
          },
        }
      : {}),
  };
}

export function persistedToolbox(toolbox: Toolbox, recorder: RunRecorder): Toolbox {
  return {
    list: () => toolbox.list(),
    async call(name, args, options) {
      await recorder.flush();
      return toolbox.call(name, args, options);
    },
    ...(toolbox.instructions ? { instructions: () => toolbox.instructions?.() ?? [] } : {}),
    ...(toolbox.notices ? { notices: () => toolbox.notices?.() ?? [] } : {}),
    ...(toolbox.onChange ? { onChange: (listener: () => void) => toolbox.onChange?.(listener) ?? (() => {}) } : {}),
  };
}

export function persistedUser(user: UserChannel, recorder: RunRecorder): UserChannel {
  const waiting = async <T>(ask: () => Promise<T>, signal?: AbortSignal): Promise<T> => {
    await recorder.flush();
    signal?.throwIfAborted();
    return ask();
  };
  const approve = user.approve;
  const elicit = user.elicit;
  return {
    ask: (question, signal) => waiting(() => user.ask(question, signal), signal),
    ...(approve ? { approve: (request, signal) => waiting(() => approve.call(user, request, signal), signal) } : {}),
    ...(elicit ? { elicit: (request, signal) => elicit.call(user, request, signal) } : {}),
  };
}
