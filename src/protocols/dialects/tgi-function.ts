/**
 * Text Generation Inference's tool grammar: with tools offered, TGI constrains the reply to one JSON
 * object `{"function": {"_name": "get_weather", "city": "Oslo"}}`, the arguments beside the name, and
 * offers a `no_tool` function for an answer: `{"function": {"_name": "no_tool", "content": "Hi"}}`.
 * Only a reply that is exactly one such object counts, so an answer that holds other JSON is left as
 * written; `no_tool` with anything but its `content` text is refused, never a guess at the answer.
 */
import { isRecord } from '../extract/read-json.ts';
import { soleJsonObject } from '../extract/sole-json-object.ts';
import { callItem, type DialectReader, failedReading, type Reading } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';

const dialect = 'tgi-function';

export const tgiFunctionReader: DialectReader = {
  dialect,
  needs: '{', // the reply is one JSON object
  read(text, { tools }): Reading | undefined {
    const value = soleJsonObject(text, /"_name"/);
    if (!value || Object.keys(value).length !== 1) return undefined;
    const call = value.function;
    if (!isRecord(call) || typeof call._name !== 'string') return undefined;
    const { _name: name, ...args } = call;
    if (name !== 'no_tool') return { dialect, items: [callItem(name, args, tools)], thoughts: [], repaired: true };
    if (typeof args.content === 'string' && Object.keys(args).length === 1) return { dialect, items: [{ action: 'answer_user', answer: args.content }], thoughts: [], repaired: true };
    return failedReading(dialect, { kind: 'schema', message: `the no_tool answer must hold only its "content" text (got ${Object.keys(args).map(sanitizeName).join(', ') || 'nothing'})` });
  },
};
