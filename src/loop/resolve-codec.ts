/**
 * Picks the codec of a run: a Codec object as given, a protocol name from the registry, or `auto`
 * (`native` when the model supports tool calling, `json` otherwise).
 */
import type { Model } from '../spec/model.ts';
import type { Codec, ProtocolName } from '../protocols/codec.ts';
import { getCodec } from '../protocols/index.ts';

export function resolveCodec(protocol: ProtocolName | 'auto' | Codec, model: Model): Codec {
  if (typeof protocol === 'object') return protocol;
  return getCodec(protocol === 'auto' ? (model.supportsTools ? 'native' : 'json') : protocol);
}
