/** reins/testing: test doubles for models (and, later, MCP pairs). Our own tests use these same helpers. */
export { ScriptedModel, type ScriptStep, type ScriptedTurn, type ScriptedModelOptions, type StreamRecord } from './scripted-model.ts';
export { MockModel, type MockBehaviour, type MockResponse, type MockModelOptions } from './mock-model.ts';
export { ChaosModel, type ChaosModelOptions } from './chaos-model.ts';
export { applyDamage, damageKinds, type DamageKind, type Turn } from './damage.ts';
export { seededRandom, randomInt, shuffled, type Random } from './seeded-random.ts';
export { ScriptExhaustedError } from '../errors/script-exhausted-error.ts';
export { ScriptIncompleteError } from '../errors/script-incomplete-error.ts';
