/**
 * `[Calling tool: get_time({"zone": "UTC"})]`: how the chat templates of Qwen models (as MLX servers
 * ship them) render a past call in the history, so models copy it into their replies, alone, after
 * reasoning or a sentence, several in a row. Servers that read these copies (oMLX) also take the
 * `[Tool call: name(..)]` spelling and a call with no arguments written without its parentheses
 * (`[Calling tool: list_hotels]`). Read as every marked call form is (`marked-calls.ts`): each
 * marker outside code read whole (name, JSON arguments in parentheses, `)]`, or the name and `]`),
 * anything cut off or unreadable corrected, never an answer holding the markup.
 */
import { type DialectReader, type Reading } from '../reading.ts';
import { type CallMarkerForm, readMarkedCalls } from './marked-calls.ts';

const dialect = 'calling-tool-bracket';

const forms: readonly CallMarkerForm[] = ['[Calling tool:', '[Tool call:'].map((marker) => ({
  dialect,
  marker,
  closer: ')]',
  bareCloser: ']',
  written: (name, args) => `${marker} ${name}(${args})]`,
}));

/** The calls of every spelling in reply order; the first spelling that cannot be read decides. */
function readBracketCalls(text: string, tools: Parameters<typeof readMarkedCalls>[1]): Reading | undefined {
  const readings = forms.map((form) => readMarkedCalls(text, tools, form)).filter((reading) => reading !== undefined);
  if (readings.length <= 1) return readings[0];
  const failed = readings.find((reading) => reading.items.length === 0);
  if (failed) return failed;
  const calls = readings.flatMap((reading) => reading.items.map((item, index) => ({ item, span: (reading.spans ?? [])[index] ?? [0, 0] as const })));
  calls.sort((a, b) => a.span[0] - b.span[0]);
  return {
    dialect,
    items: calls.map((call) => call.item),
    thoughts: [],
    repaired: readings.some((reading) => reading.repaired),
    spans: calls.map((call) => call.span),
  };
}

export const callingToolBracketReader: DialectReader = {
  dialect,
  needs: '[',
  read(text, { tools }): Reading | undefined {
    return readBracketCalls(text, tools);
  },
};
