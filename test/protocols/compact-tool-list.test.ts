/**
 * The compact tool list's layout and each rule that shortens a description (own-words.ts): a rule
 * drops only what the notation beside it already says, and keeps a sentence that says more.
 */
import { describe, expect, it } from 'vitest';
import { renderToolList, toolListLegend } from '../../src/protocols/compact-tool-list.ts';
import { envelopeCodec } from '../../src/protocols/envelope/envelope-codec.ts';
import { jsonCodec } from '../../src/protocols/json-codec.ts';
import { lineCodec } from '../../src/protocols/line-codec.ts';
import type { JsonSchema } from '../../src/spec/decision.ts';

/** The description the list gives property `p` of a one-parameter tool (required when `required`). */
function said(property: JsonSchema, required = false): string | undefined {
  const text = renderToolList([{ name: 't', inputSchema: { type: 'object', properties: { p: property }, required: required ? ['p'] : [] } }]);
  return / - (.*)$/.exec(text.split('\n')[1] ?? '')?.[1];
}

/** The description the list gives a tool. */
const toolSays = (description: string) => /^- t\(\): (.*)$/.exec(renderToolList([{ name: 't', description, inputSchema: { type: 'object' } }]))?.[1];

describe('compact tool list: layout', () => {
  it('writes a tool without parameter descriptions as one signature line, a string without its type', () => {
    const tool = { name: 'move', description: 'Moves.', inputSchema: { type: 'object', properties: { source: { type: 'string' }, depth: { type: 'integer' } }, required: ['source'] } };
    expect(renderToolList([tool])).toBe('- move(source, depth?: integer): Moves.');
    expect(renderToolList([])).toBe('(no tools are available)');
  });

  it('gives described parameters a line each, indented by one space, in declaration order', () => {
    const text = renderToolList([
      {
        name: 'search',
        description: 'Find notes.\n  Fast.',
        inputSchema: {
          type: 'object',
          properties: {
            query: { type: 'string', description: 'words to look for' },
            limit: { type: 'integer', default: 5 },
            order: { enum: ['asc', 'desc'] },
            tags: { type: 'array', items: { type: 'string' } },
            range: { type: 'object', properties: { from: { type: 'string', description: 'first day' }, to: { type: 'string' } }, required: ['from'] },
          },
          required: ['query'],
        },
      },
    ]);
    expect(text).toBe(
      ['- search: Find notes. Fast.', ' query - words to look for', ' limit?: integer = 5', ' order?: "asc"|"desc"', ' tags?: string[]', ' range?: {from, to?}', ' range.from: first day'].join('\n'),
    );
  });

  it('lists nested descriptions also when no top-level parameter has one', () => {
    const inputSchema = { type: 'object', properties: { items: { type: 'array', items: { type: 'object', properties: { sku: { type: 'string', description: 'stock unit' } } } } } };
    expect(renderToolList([{ name: 'order', inputSchema }])).toBe(['- order', ' items?: {sku?}[]', ' items[].sku: stock unit'].join('\n'));
  });

  it('is read with the legend each codec states once above the list', () => {
    for (const codec of [jsonCodec, envelopeCodec, lineCodec]) expect(codec.instructions([])).toContain(toolListLegend);
  });
});

describe('compact tool list: a description loses only what the notation says', () => {
  it('drops a statement that the property is optional, on an optional property only', () => {
    expect(said({ type: 'string', description: 'The unit (optional).' })).toBe('Unit.');
    expect(said({ type: 'string', description: 'Optional: the unit.' })).toBe('Unit.');
    expect(said({ type: 'string', description: 'Unit of the result. This parameter is optional.' })).toBe('Unit of the result.');
    expect(said({ type: 'string', description: 'Unit of the result, optional. Not required.' })).toBe('Unit of the result.');
    expect(said({ type: 'string', description: 'Days ahead (optional, default is 7).' })).toBe('Days ahead (default is 7).');
    expect(said({ type: 'string', description: 'Unit of the result (optional).' }, true)).toBe('Unit of the result (optional).');
  });

  it('drops a statement that the property is required, on a required property only', () => {
    expect(said({ type: 'string', description: 'Unit of the result. Required.' }, true)).toBe('Unit of the result.');
    expect(said({ type: 'string', description: 'Unit of the result. Required.' })).toBe('Unit of the result. Required.');
    expect(said({ type: 'integer', description: 'Number of bedrooms required.' }, true)).toBe('Number of bedrooms required.');
  });

  it('drops a statement of the default the line shows, only when it names that value', () => {
    expect(said({ type: 'string', default: 'medium', description: 'Detail level. Default is \'medium\'.' })).toBe('Detail level.');
    expect(said({ type: 'string', default: 'meters', description: 'Unit of the radius (defaults to meters).' })).toBe('Unit of the radius.');
    expect(said({ type: 'boolean', default: false, description: 'Whether it is the diameter, default is False' })).toBe('Whether it is the diameter');
    expect(said({ type: 'array', items: { type: 'string' }, default: [], description: 'Stops on the way. Default is an empty array.' })).toBe('Stops on the way.');
    expect(said({ type: 'number', default: 1, description: 'Weight. Default value is 1.0.' })).toBe('Weight.');
    // A default that says more than the value, or another value, or one the schema does not have, stays.
    expect(said({ type: 'string', default: 'today', description: 'Date of the rate. Default is the current date.' })).toBe('Date of the rate. Default is the current date.');
    expect(said({ type: 'integer', default: 2800, description: 'Energy, default value for glucose is 2800 kJ/mol' })).toBe('Energy, default value for glucose is 2800 kJ/mol');
    expect(said({ type: 'integer', description: 'Decimals to round to. Default 0' })).toBe('Decimals to round to. Default 0');
  });

  it('drops a sentence, parenthesis or introduced clause that only lists the enum values', () => {
    expect(said({ enum: ['delete', 'add'], description: 'Operation on the table. Can be \'delete\' or \'add\'.' })).toBe('Operation on the table.');
    expect(said({ enum: ['fastest', 'scenic'], description: 'Route to use (e.g., fastest, scenic).' })).toBe('Route to use.');
    expect(said({ type: 'array', items: { enum: ['a b', 'c'] }, description: 'Kinds, one of "a b", "c".' })).toBe('Kinds.');
    expect(said({ type: 'array', items: { enum: ['vegan', 'halal'] }, description: 'Diet, e.g. vegan, halal.' })).toBe('Diet.');
    // A clause that is not introduced as a list, values explained, or no enum in the schema: kept.
    expect(said({ enum: ['name', 'size', 'date'], description: 'Sort by name, size or date.' })).toBe('Sort by name, size or date.');
    expect(said({ enum: ['asc', 'desc'], description: 'This can be \'asc\' for ascending order, or \'desc\' for descending order.' })).toBe(
      'This can be \'asc\' for ascending order, or \'desc\' for descending order.',
    );
    expect(said({ type: 'string', description: 'Operation. Can be \'delete\' or \'add\'.' })).toBe('Operation. Can be \'delete\' or \'add\'.');
  });

  it('drops a leading phrase that names the type, on a property of that type', () => {
    expect(said({ type: 'array', items: { type: 'string' }, description: 'List of the columns to add.' })).toBe('Columns to add.');
    expect(said({ type: 'string', description: 'List of tags, comma separated.' })).toBe('List of tags, comma separated.');
    expect(said({ type: 'boolean', description: 'A flag to determine whether to round.' })).toBe('Whether to round.');
    expect(said({ type: 'string', description: 'A flag to determine whether to round.' })).toBe('Flag to determine whether to round.');
  });

  it('drops a tool description\'s leading "This function" when a verb follows', () => {
    expect(toolSays('This function calculates the mean.')).toBe('Calculates the mean.');
    expect(toolSays('This tool finds a file.')).toBe('Finds a file.');
    expect(toolSays('This function is for playing a sound.')).toBe('This function is for playing a sound.');
  });

  it('drops a leading article before a lower-case word', () => {
    expect(said({ type: 'number', description: 'The length of a side.' })).toBe('Length of a side.');
    expect(said({ type: 'string', description: 'An email address.' })).toBe('Email address.');
    expect(said({ type: 'string', description: 'The ID of the user.' })).toBe('The ID of the user.');
    expect(toolSays('The  weather\n for a city.')).toBe('Weather for a city.');
  });
});
