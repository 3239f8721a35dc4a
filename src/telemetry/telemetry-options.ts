/**
 * The options of reins' OpenTelemetry spans (`createAgent({ telemetry })` from `reins`).
 */
import type { Tracer } from '@opentelemetry/api';
import type { SecretMasker } from '../sessions/secret-masker.ts';

/** How runs are traced: the tracer, whether content is recorded, the agent name, the secrets masked. */
export interface TelemetryOptions {
  /**
   * The tracer spans are made with.
   * @default the global tracer provider's tracer `reins` (no spans, and no cost, when none is registered)
   */
  tracer?: Tracer;
  /**
   * Record content: the system instructions, input and output messages of each model call
   * (`gen_ai.system_instructions`, `gen_ai.input.messages`, `gen_ai.output.messages`), tool
   * arguments and results (`gen_ai.tool.call.arguments`, `gen_ai.tool.call.result`), corrections,
   * questions and answers. Always masked by `secrets` and by credential field names first.
   * @default true when the environment variable OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT is `true`, else false
   */
  recordContent?: boolean;
  /**
   * Secret values masked (in every encoding, `SecretMasker`) in recorded content and error messages.
   * @default [] (only fields with credential names, e.g. `apiKey`, `password`, are blanked)
   */
  secrets?: Iterable<string> | SecretMasker;
  /**
   * `gen_ai.agent.name`; the run span is then `invoke_agent {agentName}`.
   * @default undefined (the run span is `invoke_agent`)
   */
  agentName?: string;
}

/** What the telemetry observer knows of the agent besides its options. */
export interface TracedAgent {
  /** `gen_ai.provider.name`, e.g. `openai`. */
  provider: string;
  /** `gen_ai.request.model`. */
  model: string;
  /** The model's base URL (`Model.endpoint`): `server.address` and `server.port`. */
  endpoint?: string;
  /** `gen_ai.request.temperature` (the agent's `temperature`). */
  temperature?: number;
  /** `gen_ai.request.max_tokens` (the agent's `maxOutputTokens`). */
  maxTokens?: number;
  /** `gen_ai.agent.name` (`TelemetryOptions.agentName`). */
  agentName?: string;
}
