import type { Model } from '../spec/model.ts';

/**
 * The name of every protocol reins speaks, in one list: the codec registry (`get-codec.ts`) must
 * hold a codec for exactly these (checked by the compiler), and the CLI's flags and the demo read
 * them from here. No codec is loaded by importing this file, so `reins --help` stays cheap.
 */
export const protocolNames = ['native', 'json', 'envelope', 'xml', 'line'] as const;

/** The five wire protocols reins speaks. */
export type ProtocolName = (typeof protocolNames)[number];

/** What a caller may ask for: a protocol, or `auto` (resolved once, by `resolveProtocol`). */
export type ProtocolChoice = ProtocolName | 'auto';

/**
 * The protocol a run speaks: as asked, or for `auto`, `native` when the model supports native tool
 * calling and `json` otherwise. The one place `auto` is resolved.
 */
export function resolveProtocol(wanted: ProtocolChoice, model: Pick<Model, 'supportsTools'>): ProtocolName {
  if (wanted !== 'auto') return wanted;
  return model.supportsTools ? 'native' : 'json';
}
