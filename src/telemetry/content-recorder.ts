/**
 * Content on spans (messages, tool arguments and results, questions, corrections) only when the
 * user opted in, and always masked first: every known secret in every encoding (`SecretMasker`).
 * Objects are written as JSON strings, as the GenAI conventions ask of span attributes.
 */
import type { Attributes, Span } from '@opentelemetry/api';
import { SecretMasker } from '../sessions/secret-masker.ts';

export class ContentRecorder {
  readonly enabled: boolean;
  readonly #masker: SecretMasker;

  constructor(enabled: boolean, secrets: Iterable<string> | SecretMasker = []) {
    this.enabled = enabled;
    // Unset values (`process.env.X` of a variable that is not set) are skipped.
    this.#masker = secrets instanceof SecretMasker ? secrets : new SecretMasker([...secrets].filter((value) => typeof value === 'string'));
  }

  /** The text with every known secret masked (used for error messages, which are always kept). */
  mask(text: string): string {
    return this.#masker.text(text);
  }

  /** `{ [name]: content }` when content is recorded, else `{}`. */
  attributes(name: string, value: unknown): Attributes {
    if (!this.enabled || value === undefined) return {};
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    return { [name]: this.#masker.text(text) };
  }

  set(span: Span, name: string, value: unknown): void {
    if (this.enabled) span.setAttributes(this.attributes(name, value));
  }
}
