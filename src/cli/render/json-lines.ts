/**
 * `--json`: every loop event as one line of JSON on stdout, for scripts. Errors become plain objects
 * (`name`, `message`, `fault` and their fields); secrets are masked. Nothing else goes to stdout.
 */
import type { Writable } from 'node:stream';
import type { AgentEvent } from '../../loop/events.ts';
import { storedError } from '../../sessions/record-from-event.ts';
import type { SecretMask } from '../setup/secret-mask.ts';

export class JsonLinesRenderer {
  readonly #out: Writable;
  readonly #mask: SecretMask;

  constructor(out: Writable, mask: SecretMask) {
    this.#out = out;
    this.#mask = mask;
  }

  event(event: AgentEvent): void {
    const plain = 'error' in event && event.error ? { ...event, error: storedError(event.error) } : event;
    this.#out.write(`${JSON.stringify(this.#mask.value(plain))}\n`);
  }
}
