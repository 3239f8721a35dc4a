/**
 * Reads the structured value out of a reply: the forced tool call's arguments when there is one, else
 * JSON found in the text with reins' lenient extraction (reasoning and fences stripped, `jsonrepair`),
 * then validates it strictly with the schema. Never throws; a failure comes back as data.
 */
import { findJsonSpans } from '../protocols/extract/find-json-spans.ts';
import { normalizeOutput } from '../protocols/extract/normalize-output.ts';
import { readJson } from '../protocols/extract/read-json.ts';
import type { OutputSchema } from './output-schema.ts';
import type { ChannelReply } from './sampling-channel.ts';

export type StructuredReading = { ok: true; value: unknown } | { ok: false; message: string };

/** Text that is a bare JSON value or a fenced block (as opposed to prose), worth repairing as a whole. */
const looksLikeJson = /^(?:[[{"\d-]|```|true\b|false\b|null\b)/;

function findValue(raw: string): StructuredReading {
  const { text } = normalizeOutput(raw);
  if (text === '') return { ok: false, message: 'The reply is empty.' };
  for (const span of findJsonSpans(text)) {
    const reading = readJson(span.text);
    if (reading.ok) return { ok: true, value: reading.value };
  }
  if (looksLikeJson.test(text)) {
    const reading = readJson(text);
    if (reading.ok) return { ok: true, value: reading.value };
    return { ok: false, message: reading.message };
  }
  return { ok: false, message: 'The reply contains no JSON value.' };
}

export async function readStructured(reply: ChannelReply, schema: OutputSchema): Promise<StructuredReading> {
  const found = reply.structuredCall ? { ok: true as const, value: reply.structuredCall.value } : findValue(reply.text);
  if (!found.ok) return found;
  const check = await schema.check(found.value);
  if (check.ok) return { ok: true, value: check.value };
  return { ok: false, message: `The value does not match the schema: ${check.details.join('; ')}` };
}
