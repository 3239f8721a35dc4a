/**
 * `sample`: one request, no retry (seed 001). With `schema` the result carries `parsed`, or
 * `parsed: null` and `parseError` as data; with `tools` it carries the model's `toolCalls` as given,
 * arguments unvalidated, on every backend (the text backends do not drop a call with bad arguments).
 */
import { readStructured } from './read-structured.ts';
import { baseResult, prepareSample, sendAttempt, type AnySampleConfig } from './sample-request.ts';
import type { SamplingBackend } from './sampling-backend.ts';
import type { SampleResult, SampleResultWithParsed, SampleResultWithToolCalls } from './types.ts';

export async function sample(
  backend: SamplingBackend,
  config: AnySampleConfig,
): Promise<SampleResult | SampleResultWithParsed<unknown> | SampleResultWithToolCalls> {
  const prepared = prepareSample(backend, config);
  const reply = await sendAttempt(backend, prepared, prepared.messages);
  const result = baseResult(backend, prepared, reply, prepared.messages);
  if (prepared.tools) return { ...result, toolCalls: reply.toolCalls };
  if (!prepared.schema) return result;
  const reading = await readStructured(reply, prepared.schema);
  if (reading.ok) return { ...result, parsed: reading.value };
  return { ...result, parsed: null, parseError: { message: reading.message, rawText: reply.text } };
}
