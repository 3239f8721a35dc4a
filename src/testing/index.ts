/** reins/testing: test doubles for models, and a scripted MCP client for tool authors. Our own tests use these same helpers. */
export { ScriptedModel, type ScriptStep, type ScriptedTurn, type ScriptedModelOptions, type StreamRecord } from './scripted-model.ts';
export { MockModel, type MockBehaviour, type MockResponse, type MockModelOptions } from './mock-model.ts';
export { ChaosModel, type ChaosModelOptions } from './chaos-model.ts';
export { applyDamage, damageKinds, type DamageKind, type Turn } from './damage.ts';
export { seededRandom, randomInt, shuffled, type Random } from './seeded-random.ts';
export {
  connectScriptedClient,
  type ScriptedClient,
  type ScriptedClientOptions,
  type ScriptedElicitationStep,
  type ScriptedSamplingStep,
  type ScriptedStep,
} from './connect-scripted-client.ts';
export { neverAnswer, refuseRequest, sampledText, sampledToolUse, scriptedModelName, type SamplingReply } from './sampling-replies.ts';
export { ScriptExhaustedError } from '../errors/script-exhausted-error.ts';
export { ScriptIncompleteError } from '../errors/script-incomplete-error.ts';
