/**
 * A resolved backend: its name, the channel it talks through, and the defaults of the context that
 * made it. Built by `chooseBackend` in `choose-backend.ts`.
 */
import type { SamplingChannel } from './sampling-channel.ts';
import type { SamplingBackendName } from './types.ts';

export interface SamplingBackend {
  name: SamplingBackendName;
  channel: SamplingChannel;
  /** @default 1024 */
  maxTokens: number;
  /** The tool call's signal: aborts every request when the call is cancelled. */
  signal?: AbortSignal;
}
