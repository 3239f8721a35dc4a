/**
 * `sampleTools`: at least one tool call, every call naming an offered tool with arguments that
 * validate against its schema, guaranteed (seed 001). A rejected turn is answered call by call with
 * error results (or, without calls, a user correction); after `1 + retries` attempts it throws
 * `SampleValidationError`.
 */
import { SampleConfigError } from '../errors/sample-config-error.ts';
import { SampleValidationError } from '../errors/sample-validation-error.ts';
import { toProviderToolName } from '../tools/tool-names.ts';
import { correctionTurns } from './correction-turns.ts';
import type { PreparedTool } from './prepare-tools.ts';
import { retriesOf } from './retries-of.ts';
import { baseResult, prepareSample, sendAttempt, type AnySampleConfig } from './sample-request.ts';
import type { SamplingBackend } from './sampling-backend.ts';
import type { ChannelReply } from './sampling-channel.ts';
import type { SampleToolCall, SampleToolsResult } from './types.ts';

type CallCheck = { call: SampleToolCall; problem?: string; value?: unknown };

async function checkCalls(reply: ChannelReply, tools: PreparedTool[]): Promise<CallCheck[]> {
  const available = tools.map((tool) => tool.spec.name).join(', ');
  return Promise.all(
    reply.toolCalls.map(async (call): Promise<CallCheck> => {
      const tool = tools.find((candidate) => candidate.spec.name === call.name);
      if (!tool) return { call, problem: `Unknown tool \`${toProviderToolName(call.name)}\`; available: ${available}.` };
      // Arguments that are no JSON object as written (a key written twice) are never validated as `{ _raw }`.
      const unread = reply.argumentProblems?.get(call);
      if (unread !== undefined) return { call, problem: `Invalid arguments for \`${call.name}\`: ${unread}.` };
      const check = await tool.check(call.arguments);
      if (check.ok) return { call, value: check.value };
      return { call, problem: `Invalid arguments for \`${call.name}\`: ${check.details.join('; ')}.` };
    }),
  );
}

export async function sampleTools(backend: SamplingBackend, config: AnySampleConfig): Promise<SampleToolsResult> {
  if (config.toolChoice === 'none') {
    throw new SampleConfigError("sampleTools cannot guarantee a tool call with toolChoice 'none'.", { reason: 'invalid-option' });
  }
  const prepared = prepareSample(backend, { ...config, toolChoice: config.toolChoice ?? 'required' });
  const tools = prepared.tools ?? [];
  const attempts = 1 + retriesOf(config);
  const names = tools.map((tool) => tool.spec.name).join(', ');
  const errors: string[] = [];
  let messages = prepared.messages;
  for (let attempt = 1; ; attempt++) {
    const reply = await sendAttempt(backend, prepared, messages);
    const checks = await checkCalls(reply, tools);
    const problems = checks.flatMap((check) => (check.problem ? [check.problem] : []));
    if (checks.length > 0 && problems.length === 0) {
      const [first, ...rest] = checks.map((check) => ({ ...check.call, arguments: check.value as Record<string, unknown> }));
      const result = baseResult(backend, prepared, reply, messages);
      return { ...result, stopReason: 'toolUse', toolCalls: [first!, ...rest], attempts: attempt };
    }
    const noCall = `${reply.problem ?? 'You did not call a tool.'} Call one of the tools: ${names}.`;
    errors.push(checks.length === 0 ? noCall : problems.join(' '));
    if (attempt >= attempts) {
      throw new SampleValidationError({
        method: 'sampleTools',
        attempts: attempt,
        errors,
        lastResult: {
          text: reply.text,
          model: reply.model,
          toolCalls: reply.toolCalls,
          ...(reply.stopReason === undefined ? {} : { stopReason: reply.stopReason }),
          parseError: { message: errors.at(-1) ?? noCall, rawText: reply.text },
        },
      });
    }
    const retryAll = 'Not run: another call in this turn was invalid. Repeat the calls with valid arguments.';
    const perCall = (call: SampleToolCall) => checks.find((check) => check.call === call)?.problem ?? retryAll;
    messages = [...messages, ...correctionTurns(reply, noCall, perCall)];
  }
}
