/**
 * `[Calling tool: get_time({"zone": "UTC"})]`: how the chat templates of Qwen models (as MLX servers
 * ship them) render a past call in the history, so models copy it into their replies, alone, after
 * reasoning or a sentence, several in a row. Read as every marked call form is (`marked-calls.ts`):
 * each marker outside code read whole (name, JSON arguments in parentheses, `)]`), anything cut off
 * or unreadable corrected, never an answer holding the markup.
 */
import { type DialectReader, type Reading } from '../reading.ts';
import { type CallMarkerForm, readMarkedCalls } from './marked-calls.ts';

const form: CallMarkerForm = {
  dialect: 'calling-tool-bracket',
  marker: '[Calling tool:',
  closer: ')]',
  written: (name, args) => `[Calling tool: ${name}(${args})]`,
};

export const callingToolBracketReader: DialectReader = {
  dialect: form.dialect,
  needs: '[',
  read(text, { tools }): Reading | undefined {
    return readMarkedCalls(text, tools, form);
  },
};
