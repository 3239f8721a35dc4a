/**
 * Tool schemas are the caller's (issue 25, invariant 6). Hand-written tool specs often name Python
 * or Java types (`str`, `int`, `float`, `bool`, `dict`, `list`: every BFCL function does): they
 * are read as the JSON Schema types they mean, when the tool is registered, and reported (a
 * `tool-normalize` notice), never blamed on the model. Anything else that is not JSON Schema is a
 * typed configuration error where the application wrote it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/errors/config-error.ts';
import { createAgent } from '../../src/loop/create-agent.ts';
import { parseDecision } from '../../src/protocols/parse-decision.ts';
import type { JsonSchema, ToolSpec } from '../../src/spec/decision.ts';
import { ScriptedModel } from '../../src/testing/scripted-model.ts';
import { defineTool } from '../../src/tools/define-tool.ts';
import { LocalToolbox } from '../../src/tools/local-toolbox.ts';
import { normalizeSchemaTypes } from '../../src/tools/schema-type-aliases.ts';
import { describeToolNotice } from '../../src/tools/tool-notice.ts';
import { textResult, type Toolbox } from '../../src/tools/toolbox.ts';
import { allProtocols, answer, call, collect, ofType, turn } from '../loop/helpers.ts';

/** A hand-written spec in the style of BFCL's functions. */
const handWritten: JsonSchema = {
  type: 'dict',
  properties: {
    city: { type: 'str', description: 'The city.' },
    days: { type: 'int' },
    threshold: { type: 'float' },
    metric: { type: 'bool' },
    tags: { type: 'list', items: { type: 'String' } },
    extra: { type: ['dict', 'None'] },
    anything: { type: 'any' },
    type: { type: 'str', enum: ['str', 'dict'], default: 'str' },
  },
  required: ['city'],
};
const cleanArgs = { city: 'Paris', days: 2, threshold: 0.5, metric: true, tags: ['a'], extra: null, anything: [1], type: 'dict' };

function weather(): ReturnType<typeof defineTool> {
  return defineTool({ name: 'weather', description: 'Weather.', input: handWritten, execute: (args) => `sunny in ${String(args.city)}` });
}

describe('normalizeSchemaTypes', () => {
  it('maps each alias to its JSON Schema type and lists every change, leaving values and the given object alone', () => {
    const before = JSON.stringify(handWritten);
    const { schema, changes } = normalizeSchemaTypes(handWritten);
    expect(JSON.stringify(handWritten)).toBe(before);
    expect(schema).toEqual({
      type: 'object',
      properties: {
        city: { type: 'string', description: 'The city.' },
        days: { type: 'integer' },
        threshold: { type: 'number' },
        metric: { type: 'boolean' },
        tags: { type: 'array', items: { type: 'string' } },
        extra: { type: ['object', 'null'] },
        anything: {},
        // `enum` and `default` are values, not types: kept as written.
        type: { type: 'string', enum: ['str', 'dict'], default: 'str' },
      },
      required: ['city'],
    });
    expect(changes.map((change) => `${change.path}: ${change.from} -> ${change.to ?? '(any)'}`)).toEqual([
      '/type: dict -> object',
      '/properties/city/type: str -> string',
      '/properties/days/type: int -> integer',
      '/properties/threshold/type: float -> number',
      '/properties/metric/type: bool -> boolean',
      '/properties/tags/type: list -> array',
      '/properties/tags/items/type: String -> string',
      '/properties/extra/type: dict,None -> object,null',
      '/properties/anything/type: any -> (any)',
      '/properties/type/type: str -> string',
    ]);
  });

  it('gives back the same object when nothing needs a change', () => {
    const schema = { type: 'object', properties: { a: { type: ['string', 'null'] } } };
    expect(normalizeSchemaTypes(schema)).toEqual({ schema, changes: [] });
    expect(normalizeSchemaTypes(schema).schema).toBe(schema);
  });

  it('reads every type BFCL functions use', () => {
    const folder = new URL('../../../shared/bfcl/', import.meta.url);
    const functions = readdirSync(folder)
      .filter((file) => file.startsWith('BFCL_v4_') && file.endsWith('.json') && file !== 'BFCL_v4_format_sensitivity.json')
      .flatMap((file) => readFileSync(new URL(file, folder), 'utf8').trim().split('\n'))
      .flatMap((line) => (JSON.parse(line) as { function?: Array<{ name: string; parameters: JsonSchema }> }).function ?? []);
    // One function for each type name they use (a regular expression over the JSON text finds them).
    const byType = new Map<string, { name: string; parameters: JsonSchema }>();
    for (const fn of functions) for (const [, type] of JSON.stringify(fn.parameters).matchAll(/"type":"(\w+)"/g)) if (!byType.has(type!)) byType.set(type!, fn);
    expect([...byType.keys()].sort()).toEqual(['any', 'array', 'boolean', 'dict', 'float', 'integer', 'string', 'tuple']);
    for (const fn of byType.values()) {
      const tool = defineTool({ name: fn.name.replaceAll('.', '_'), description: '', input: fn.parameters, execute: () => 'ok' });
      expect(tool.spec.inputSchema.type).toBe('object');
      expect(JSON.stringify(tool.spec.inputSchema)).not.toMatch(/"type":"(dict|float|tuple|any)"/);
    }
  });
});

describe('defineTool with type aliases', () => {
  it('normalizes the schema the model sees and reports what it changed', () => {
    const tool = weather();
    expect(tool.spec.inputSchema).toEqual(normalizeSchemaTypes(handWritten).schema);
    const notices = new LocalToolbox([tool]).notices();
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ type: 'tool-normalize', tool: 'weather' });
    expect(describeToolNotice(notices[0]!)).toContain('/properties/city/type: str -> string');
  });

  it.each(allProtocols)('a clean call over %s runs at once: no correction, the notice at run-start', async (protocol) => {
    const tool = weather();
    const model = new ScriptedModel([turn(protocol, [call('weather', cleanArgs)], [tool.spec]), turn(protocol, [answer('sunny')])], {
      supportsTools: protocol === 'native',
    });
    const { events, result } = await collect(createAgent({ model, tools: [tool], protocol }).run('weather?'));
    expect(ofType(events, 'output-invalid')).toEqual([]);
    expect(result.status).toBe('answered');
    expect(ofType(events, 'tool-result')[0]?.result.content).toEqual([{ type: 'text', text: 'sunny in Paris' }]);
    expect(ofType(events, 'run-start')[0]?.toolNotices?.map((notice) => notice.type)).toEqual(['tool-normalize']);
    if (protocol === 'native') expect(model.calls[0]?.tools?.[0]?.inputSchema).toEqual(normalizeSchemaTypes(handWritten).schema);
  });

  it('refuses a type that is no alias with a ConfigError naming the tool', () => {
    const input = { type: 'object', properties: { q: { type: 'strin' } } };
    expect(() => defineTool({ name: 'search', description: '', input, execute: () => 'ok' })).toThrow(ConfigError);
    expect(() => defineTool({ name: 'search', description: '', input, execute: () => 'ok' })).toThrow(/search/);
  });
});

describe('a Toolbox of the caller with type aliases', () => {
  it('is normalized and reported; its tools are offered and called', async () => {
    const spec: ToolSpec = { name: 'lookup', description: 'Looks up.', inputSchema: { type: 'dict', properties: { word: { type: 'str' } }, required: ['word'] } };
    const calls: unknown[] = [];
    const toolbox: Toolbox = { list: () => [spec], call: async (_name, args) => (calls.push(args), textResult('found')) };
    const model = new ScriptedModel([turn('json', [call('lookup', { word: 'x' })]), turn('json', [answer('found')])]);
    const { events, result } = await collect(createAgent({ model, tools: [toolbox], protocol: 'json' }).run('find x'));
    expect(result.status).toBe('answered');
    expect(ofType(events, 'output-invalid')).toEqual([]);
    expect(calls).toEqual([{ word: 'x' }]);
    expect(ofType(events, 'run-start')[0]?.tools[0]?.inputSchema).toEqual({ type: 'object', properties: { word: { type: 'string' } }, required: ['word'] });
    expect(ofType(events, 'run-start')[0]?.toolNotices).toMatchObject([{ type: 'tool-normalize', tool: 'lookup' }]);
  });
});

describe('parseDecision with the caller tools', () => {
  const text = JSON.stringify(call('weather', cleanArgs));

  it('reads a clean call against a schema written with aliases', () => {
    const tools = [{ name: 'weather', inputSchema: handWritten }];
    const result = parseDecision('json', text, { tools });
    expect(result.success).toBe(true);
    const wrong = parseDecision('json', JSON.stringify(call('weather', { ...cleanArgs, days: 'two' })), { tools });
    expect(wrong.success ? undefined : wrong.error.kind).toBe('invalid-args');
  });

  it('throws a ConfigError for a schema that is not JSON Schema, instead of refusing the reply', () => {
    const tools = [{ name: 'weather', inputSchema: { type: 'object', properties: { city: { type: 'strin' } } } }];
    expect(() => parseDecision('json', text, { tools })).toThrow(ConfigError);
  });
});
