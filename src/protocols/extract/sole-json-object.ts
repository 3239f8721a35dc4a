/**
 * A reply a server's grammar constrains to one JSON object (TGI's tool grammar, llama.cpp's Generic
 * format): the object, when the text is exactly one that reads without repair. Anything else (prose
 * around it, other JSON, damage a repair would mend) is no such reply, and the readers leave it as written.
 */
import { isRecord, readJson } from './read-json.ts';

/**
 * `text` as one JSON object read as written; undefined when it is not exactly that, or when it does not
 * hold `mentions` (the format's key, looked for before the text is read: most replies are no such object).
 */
export function soleJsonObject(text: string, mentions: RegExp): Record<string, unknown> | undefined {
  if (!text.startsWith('{') || !text.endsWith('}') || !mentions.test(text)) return undefined;
  const json = readJson(text);
  return json.ok && !json.repaired && isRecord(json.value) ? json.value : undefined;
}
