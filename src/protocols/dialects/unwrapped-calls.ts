/**
 * A reply that is nothing but calls whose wrapper tokens are gone, read as the family writes them
 * wrapped. A detokenizer that skips special tokens leaves `call:name{..}` of Gemma's
 * `<|tool_call>call:name{..}<tool_call|>`, and `name[ARGS]{..}` of Mistral's `[TOOL_CALLS]name[ARGS]{..}`;
 * some servers hand on just that text. Read only when the reply (trimmed) starts with the call of an
 * offered tool: the wrapper is put back and the family's own reader reads it, with all its checks
 * (a cut-off call, prose inside the block, a value that could only be guessed: corrected). Prose
 * before the call, or a name no tool has, is left to the call-attempt check (`bare-call-attempt.ts`),
 * which corrects it: where the call starts is then not the reader's to guess.
 */
import { type DialectReader, type Reading } from '../reading.ts';
import { gemmaCallsReader } from './gemma-calls.ts';
import { mistralReader } from './mistral.ts';

interface Unwrapped {
  /** The reply starts with this family's call: the first group is the tool's name. */
  start: RegExp;
  wrap(text: string): string;
  reader: DialectReader;
}

const forms: readonly Unwrapped[] = [
  // FunctionGemma quotes strings with `<escape>`, Gemma 4 with `<|"|>` (and writes numbers bare).
  { start: /^call:([\w.-]+)\s*\{/, wrap: (text) => (text.includes('<escape>') ? `<start_function_call>${text}<end_function_call>` : `<|tool_call>${text}<tool_call|>`), reader: gemmaCallsReader },
  { start: /^([^\s[\]{}]+)\[ARGS\]/, wrap: (text) => `[TOOL_CALLS]${text}`, reader: mistralReader },
];

export const unwrappedCallsReader: DialectReader = {
  dialect: 'unwrapped-calls',
  needs: ':[', // `call:` or `[ARGS]`
  read(text, context): Reading | undefined {
    const trimmed = text.trim();
    for (const form of forms) {
      const name = form.start.exec(trimmed)?.[1];
      if (name === undefined || !context.tools.some((tool) => tool.name === name)) continue;
      return form.reader.read(form.wrap(trimmed), context);
    }
    return undefined;
  },
};
