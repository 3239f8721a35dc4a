/**
 * `--json`: every loop event as one line of JSON on stdout, for scripts. Errors become plain objects
 * (`name`, `message`, `fault` and their fields); secrets are masked. Streamed `decision-delta` text
 * goes through a SecretStream, so a secret split across deltas is masked too: a delta may carry less
 * text than the model sent (the tail that could begin a secret is held back), and what was held is
 * sent as one more `decision-delta` before the next other event. Joined, the deltas' text is the
 * model's text, masked.
 */
import type { Writable } from 'node:stream';
import type { AgentEvent } from '../../spec/events.ts';
import { storedError } from '../../sessions/run-records/record-from-event.ts';
import type { SecretMask } from '../setup/secret-mask.ts';
import type { SecretStream } from '../../sessions/secret-stream.ts';

export class JsonLinesRenderer {
  readonly #out: Writable;
  readonly #mask: SecretMask;
  readonly #deltas: SecretStream;
  /** The last delta seen, while some of its text is held back. */
  #open: AgentEvent | undefined;

  constructor(out: Writable, mask: SecretMask) {
    this.#out = out;
    this.#mask = mask;
    this.#deltas = mask.stream();
  }

  event(event: AgentEvent): void {
    if (event.type === 'decision-delta') {
      this.#open = event;
      const text = this.#deltas.push(event.text);
      if (text !== '' || event.thought) this.#write({ ...event, text });
      return;
    }
    this.#endDeltas();
    const plain = 'error' in event && event.error ? { ...event, error: storedError(event.error) } : event;
    this.#write(plain);
  }

  #endDeltas(): void {
    const open = this.#open;
    this.#open = undefined;
    const rest = this.#deltas.end();
    if (open && rest !== '') this.#write({ type: 'decision-delta', runId: open.runId, step: open.step, text: rest });
  }

  #write(value: unknown): void {
    this.#out.write(`${JSON.stringify(this.#mask.value(value))}\n`);
  }
}
