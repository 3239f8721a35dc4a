import type { Model } from '../spec/model.ts';
import type { ProtocolChoice, ProtocolName } from './protocol-names.ts';

/**
 * The protocol a run speaks: as asked, or for `auto`, `native` when the model supports native tool
 * calling and `json` otherwise. The one place `auto` is resolved.
 */
export function resolveProtocol(wanted: ProtocolChoice, model: Pick<Model, 'supportsTools'>): ProtocolName {
  if (wanted !== 'auto') return wanted;
  return model.supportsTools ? 'native' : 'json';
}
