import { describe, expect, it } from 'vitest';
import { getCodec } from '../../src/protocols/index.ts';
import { ChaosModel } from '../../src/testing/chaos-model.ts';
import { applyDamage, damageKinds, type DamageKind } from '../../src/testing/damage.ts';
import { MockModel } from '../../src/testing/mock-model.ts';
import { seededRandom } from '../../src/testing/seeded-random.ts';
import { ScriptedModel } from '../../src/testing/scripted-model.ts';

const addSpec = {
  name: 'add',
  description: 'Adds.',
  inputSchema: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'], additionalProperties: false },
};
const json = getCodec('json');
const clean = json.render({ decisions: [{ action: 'call_tool', tool: 'add', args: { a: 2, b: 3 }, reason: 'sum it, "exactly"' }] });
const request = { messages: [{ role: 'user' as const, content: 'q' }] };

async function damagesOf(seed: number, calls: number, rate = 0.5) {
  const chaos = new ChaosModel(new MockModel(clean), { rate, seed });
  const texts: string[] = [];
  for (let index = 0; index < calls; index++) texts.push((await chaos.generate(request)).text);
  return { texts, damages: chaos.damages, chaos };
}

describe('ChaosModel', () => {
  it('is reproducible for a seed and differs across seeds', async () => {
    const first = await damagesOf(7, 40);
    const again = await damagesOf(7, 40);
    const other = await damagesOf(8, 40);
    expect(again.texts).toEqual(first.texts);
    expect(again.damages).toEqual(first.damages);
    expect(other.damages).not.toEqual(first.damages);
  });

  it('damages about the set fraction of outputs and reports each damage', async () => {
    const { damages, texts, chaos } = await damagesOf(3, 400, 0.25);
    const damaged = damages.filter((kind) => kind !== undefined).length;
    expect(damaged / 400).toBeGreaterThan(0.18);
    expect(damaged / 400).toBeLessThan(0.32);
    damages.forEach((kind, index) => expect(texts[index] === clean).toBe(kind === undefined));
    expect(chaos.lastDamage).toBe(damages.at(-1));
    expect((await damagesOf(1, 20, 0)).damages.every((kind) => kind === undefined)).toBe(true);
    expect((await damagesOf(1, 20, 1)).damages.every((kind) => kind !== undefined)).toBe(true);
  });

  it('draws only from the given kinds', async () => {
    const chaos = new ChaosModel(new MockModel(clean), { rate: 1, seed: 2, kinds: ['bom', 'code-fence'] });
    for (let index = 0; index < 20; index++) await chaos.generate(request);
    expect(new Set(chaos.damages)).toEqual(new Set(['bom', 'code-fence']));
  });

  it('damages streamed output too, re-chunked', async () => {
    const chaos = new ChaosModel(new ScriptedModel([clean]), { rate: 1, seed: 5, kinds: ['think-tags'] });
    let text = '';
    for await (const part of chaos.stream!(request)) if (part.type === 'text-delta') text += part.text;
    expect(text.startsWith('<think>')).toBe(true);
    expect(chaos.lastDamage).toBe('think-tags');
  });
});

describe('damage kinds on a json call_tool', () => {
  const repairable: DamageKind[] = ['think-tags', 'code-fence', 'prose-around', 'trailing-comma', 'single-quotes', 'unquoted-keys', 'comments', 'smart-quotes', 'bom'];
  const jsonDamage: DamageKind[] = ['trailing-comma', 'single-quotes', 'unquoted-keys', 'comments'];
  const fatal: Array<[DamageKind, string]> = [
    ['wrong-tool-name', 'unknown-tool'],
    ['wrong-arg-type', 'invalid-args'],
    ['two-actions', 'too-many-actions'],
  ];

  it.each(repairable)('%s changes the text and the json codec repairs it', (kind) => {
    const damaged = applyDamage(kind, { text: clean, toolCalls: [] }, seededRandom(1));
    expect(damaged?.text).not.toBe(clean);
    const parsed = json.parse(damaged!.text, { tools: [addSpec] });
    expect(parsed.success && parsed.decision).toEqual({ action: 'call_tool', tool: 'add', args: { a: 2, b: 3 }, reason: 'sum it, "exactly"' });
    if (jsonDamage.includes(kind)) expect(parsed.success && parsed.repaired).toBe(true);
  });

  it.each(fatal)('%s is rejected as %s', (kind, expected) => {
    const damaged = applyDamage(kind, { text: clean, toolCalls: [] }, seededRandom(1));
    const parsed = json.parse(damaged!.text, { tools: [addSpec] });
    expect(parsed.success ? 'accepted' : parsed.error.kind).toBe(expected);
  });

  it('python-literals applies only where literals exist, truncation shortens', () => {
    expect(applyDamage('python-literals', { text: clean, toolCalls: [] }, seededRandom(1))).toBeUndefined();
    const withLiteral = JSON.stringify({ action: 'call_tool', tool: 't', args: { flag: true, none: null }, reason: '' });
    expect(applyDamage('python-literals', { text: withLiteral, toolCalls: [] }, seededRandom(1))?.text).toContain('"flag":True');
    const truncated = applyDamage('truncation', { text: clean, toolCalls: [] }, seededRandom(1))!.text;
    expect(clean.startsWith(truncated) && truncated.length < clean.length).toBe(true);
  });

  it('native damage edits the tool calls', () => {
    const turn = { text: '', toolCalls: [{ id: 'c1', name: 'add', arguments: { a: 2, b: 3 } }] };
    expect(applyDamage('wrong-tool-name', turn, seededRandom(1))?.toolCalls[0]?.name).toBe('add_v2');
    expect(applyDamage('wrong-arg-type', turn, seededRandom(1))?.toolCalls[0]?.arguments).toEqual({ a: '2 units', b: 3 });
    expect(applyDamage('two-actions', turn, seededRandom(1))?.toolCalls).toHaveLength(2);
    expect(applyDamage('bom', turn, seededRandom(1))).toBeUndefined();
  });

  it('every kind is covered by these tests', () => {
    expect([...repairable, ...fatal.map(([kind]) => kind), 'python-literals', 'truncation'].sort()).toEqual([...damageKinds].sort());
  });
});
