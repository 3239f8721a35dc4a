/**
 * `sampleSchema`: a reply that validates against the schema, guaranteed (seed 001). Each rejected
 * reply adds a corrective turn with the precise reason; after `1 + retries` attempts it throws
 * `SampleValidationError`.
 */
import { SampleValidationError } from '../errors/sample-validation-error.ts';
import { correctionTurns } from './correction-turns.ts';
import { readStructured } from './read-structured.ts';
import { baseResult, prepareSample, sendAttempt, type AnySampleConfig } from './sample-request.ts';
import type { SamplingBackend } from './sampling-backend.ts';
import { retriesOf } from './retries-of.ts';
import type { SampleSchemaResult } from './types.ts';

export async function sampleSchema(backend: SamplingBackend, config: AnySampleConfig): Promise<SampleSchemaResult<unknown>> {
  const prepared = prepareSample(backend, config);
  const attempts = 1 + retriesOf(config);
  const errors: string[] = [];
  let messages = prepared.messages;
  for (let attempt = 1; ; attempt++) {
    const reply = await sendAttempt(backend, prepared, messages);
    const reading = await readStructured(reply, prepared.schema!);
    if (reading.ok) return { ...baseResult(backend, prepared, reply, messages), parsed: reading.value, attempts: attempt };
    errors.push(reading.message);
    if (attempt >= attempts) {
      throw new SampleValidationError({
        method: 'sampleSchema',
        attempts: attempt,
        errors,
        lastResult: {
          text: reply.text,
          model: reply.model,
          ...(reply.stopReason === undefined ? {} : { stopReason: reply.stopReason }),
          parseError: { message: reading.message, rawText: reply.text },
          ...(reply.structuredCall ? { toolCalls: [reply.structuredCall.call] } : {}),
        },
      });
    }
    const correction = `${reading.message}\nReply again with a value that matches the schema.`;
    messages = [...messages, ...correctionTurns(reply, correction)];
  }
}
