/**
 * Picks the codec of a run: a Codec object as given, a protocol name from the registry, or `auto`
 * (`native` when the model supports tool calling, `json` otherwise).
 */
import type { Model } from '../spec/model.ts';
import type { Codec } from '../protocols/codec.ts';
import { getCodec } from '../protocols/get-codec.ts';
import type { ProtocolChoice } from '../protocols/protocol-names.ts';
import { resolveProtocol } from '../protocols/protocol-names.ts';

export function resolveCodec(protocol: ProtocolChoice | Codec, model: Model): Codec {
  if (typeof protocol === 'object') return protocol;
  return getCodec(resolveProtocol(protocol, model));
}
