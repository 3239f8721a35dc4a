/**
 * node-llama-cpp's default function-call syntax, used by its general and Llama 3 chat wrappers and by
 * any wrapper that keeps the defaults: `||call: get_time({"hours": "24"})`, the arguments one JSON
 * value between the parentheses (`||call: get_date()` for none). Models prompted with it write it
 * after a sentence as often as alone, and several calls follow each other. Read as every marked call
 * form is (`marked-calls.ts`): each marker outside code read whole, anything cut off corrected.
 */
import { type DialectReader, type Reading } from '../reading.ts';
import { type CallMarkerForm, readMarkedCalls } from './marked-calls.ts';

const form: CallMarkerForm = {
  dialect: 'pipe-call',
  marker: '||call:',
  closer: ')',
  written: (name, args) => `||call: ${name}(${args})`,
};

export const pipeCallReader: DialectReader = {
  dialect: form.dialect,
  needs: '|',
  read(text, { tools }): Reading | undefined {
    return readMarkedCalls(text, tools, form);
  },
};
