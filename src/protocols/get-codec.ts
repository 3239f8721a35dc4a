/**
 * The protocol registry: one codec for each name of `protocol-names.ts`; `getCodec(name)`, which
 * rejects unknown names with a `ConfigError`; and `resolveCodec`, the codec a run speaks.
 */
import { ConfigError } from '../errors/config-error.ts';
import type { Model } from '../spec/model.ts';
import type { Codec, ProtocolName } from './codec.ts';
import { envelopeCodec } from './envelope/envelope-codec.ts';
import { jsonCodec } from './json-codec.ts';
import { lineCodec } from './line-codec.ts';
import { nativeCodec } from './native-codec.ts';
import { resolveProtocol, type ProtocolChoice } from './protocol-names.ts';
import { xmlCodec } from './xml-codec.ts';

/** Every protocol reins speaks, by name. */
export const protocols: Readonly<Record<ProtocolName, Codec>> = Object.freeze({
  native: nativeCodec,
  json: jsonCodec,
  envelope: envelopeCodec,
  xml: xmlCodec,
  line: lineCodec,
});

/** The codec of `name`; throws `ConfigError` for a name that is not a protocol (`auto` is resolved by the agent). */
export function getCodec(name: string): Codec {
  const codec = Object.hasOwn(protocols, name) ? protocols[name as ProtocolName] : undefined;
  if (!codec) {
    throw new ConfigError(`Unknown protocol \`${String(name).slice(0, 40)}\``, {
      hint: `Use one of: ${Object.keys(protocols).join(', ')} ('auto' is resolved by createAgent).`,
    });
  }
  return codec;
}

/**
 * The codec of a run: a Codec object as given, a protocol name from the registry, or `auto`
 * (`native` when the model supports tool calling, `json` otherwise).
 */
export function resolveCodec(protocol: ProtocolChoice | Codec, model: Pick<Model, 'supportsTools'>): Codec {
  if (typeof protocol === 'object') return protocol;
  return getCodec(resolveProtocol(protocol, model));
}
