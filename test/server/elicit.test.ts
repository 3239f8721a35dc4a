import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ElicitationContentError, ElicitationSchemaError, samplingContext, toElicitationSchema } from '../../src/server/index.ts';
import { inTool, withTools } from './sampling-client.ts';

describe('toElicitationSchema', () => {
  it('turns a flat Zod object into the spec form schema with titles, descriptions, defaults and formats', () => {
    const schema = z.object({
      name: z.string().min(2).max(40).meta({ title: 'Your name' }),
      email: z.email().describe('Where we write to you'),
      born: z.iso.date().optional(),
      age: z.number().int().min(0).max(150).default(30),
      ratio: z.number().max(1),
      agree: z.boolean().default(false),
      size: z.enum(['s', 'm', 'l']),
      toppings: z.array(z.enum(['cheese', 'olives'])).max(2),
      mode: z.literal('fast'),
    });
    expect(toElicitationSchema(schema)).toEqual({
      type: 'object',
      properties: {
        name: { type: 'string', minLength: 2, maxLength: 40, title: 'Your name' },
        email: { type: 'string', format: 'email', description: 'Where we write to you' },
        born: { type: 'string', format: 'date' },
        age: { type: 'integer', minimum: 0, maximum: 150, default: 30 },
        ratio: { type: 'number', maximum: 1 },
        agree: { type: 'boolean', default: false },
        size: { type: 'string', enum: ['s', 'm', 'l'] },
        toppings: { type: 'array', items: { type: 'string', enum: ['cheese', 'olives'] }, maxItems: 2 },
        mode: { type: 'string', enum: ['fast'] },
      },
      required: ['name', 'email', 'ratio', 'size', 'toppings', 'mode'],
    });
  });

  it('maps a union of titled literals to a titled single-select enum', () => {
    const cell = z.union([z.literal('0').meta({ title: 'top left' }), z.literal('4').meta({ title: 'center' })]);
    expect(toElicitationSchema(z.object({ cell })).properties.cell).toEqual({
      type: 'string',
      oneOf: [
        { const: '0', title: 'top left' },
        { const: '4', title: 'center' },
      ],
    });
  });

  it.each([
    ['a nested object', z.object({ address: z.object({ city: z.string() }) }), /address: nested objects/],
    ['an array of objects', z.object({ items: z.array(z.object({ id: z.number() })) }), /items: arrays must be arrays of string enum/],
    ['a regex', z.object({ code: z.string().regex(/^[A-Z]{3}$/) }), /code: keyword\(s\) pattern/],
    ['an exclusive bound', z.object({ n: z.number().positive() }), /n: keyword\(s\) exclusiveMinimum/],
    ['a format the spec lacks', z.object({ id: z.uuid() }), /id: format "uuid"/],
    ['a non-object root', z.string(), /must be an object of fields/],
  ])('rejects %s with ElicitationSchemaError', (_label, schema, message) => {
    let caught: unknown;
    try {
      toElicitationSchema(schema);
    } catch (error) {
      caught = error;
    }
    expect(ElicitationSchemaError.isInstance(caught)).toBe(true);
    expect((caught as Error).message).toMatch(message);
  });
});

describe('elicit', () => {
  const Pick = z.object({ cell: z.enum(['2', '5']).describe('An empty cell') });

  it('sends the form and returns content validated by the Zod schema', async () => {
    const run = await inTool({ capabilities: withTools, elicitation: [{ action: 'accept', content: { cell: '5' } }] }, async (server, ctx) =>
      samplingContext(server, ctx).elicit('Your move', Pick),
    );
    expect(run.value).toEqual({ action: 'accept', content: { cell: '5' } });
    expect(run.elicitationRequests[0]).toMatchObject({
      message: 'Your move',
      requestedSchema: { type: 'object', properties: { cell: { type: 'string', enum: ['2', '5'], description: 'An empty cell' } }, required: ['cell'] },
    });
  });

  it.each(['decline', 'cancel'] as const)('passes %s through without content', async (action) => {
    const run = await inTool({ capabilities: withTools, elicitation: [{ action }] }, async (server, ctx) =>
      samplingContext(server, ctx).elicit('Your move', Pick),
    );
    expect(run.value).toEqual({ action });
  });

  it('throws ElicitationContentError when accepted content fails a check the form cannot carry', async () => {
    const Name = z.object({ name: z.string().refine((name) => name !== 'admin', 'that name is reserved') });
    const run = await inTool({ capabilities: withTools, elicitation: [{ action: 'accept', content: { name: 'admin' } }] }, async (server, ctx) =>
      samplingContext(server, ctx).elicit('Your name', Name),
    );
    expect(ElicitationContentError.isInstance(run.error)).toBe(true);
    expect((run.error as ElicitationContentError).content).toEqual({ name: 'admin' });
    expect((run.error as ElicitationContentError).details).toEqual(['/name that name is reserved']);
  });

  it('rejects an inexpressible schema before asking the client', async () => {
    const run = await inTool({ capabilities: withTools }, async (server, ctx) =>
      samplingContext(server, ctx).elicit('Address?', z.object({ address: z.object({ city: z.string() }) })),
    );
    expect(ElicitationSchemaError.isInstance(run.error)).toBe(true);
    expect(run.elicitationRequests).toHaveLength(0);
  });
});
