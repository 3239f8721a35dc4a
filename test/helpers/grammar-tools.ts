/** Tools whose schemas cover what decision grammars must express: numbers, strings, enums, arrays, booleans, optional and no params. */
import type { ToolSpec } from '../../src/spec/decision.ts';

export const grammarTools: ToolSpec[] = [
  { name: 'add', inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] } },
  {
    name: 'read_file',
    description: 'Read a file',
    inputSchema: { type: 'object', properties: { path: { type: 'string', minLength: 1 }, head: { type: 'integer' } }, required: ['path'] },
  },
  {
    name: 'set_mode',
    inputSchema: {
      type: 'object',
      properties: { mode: { enum: ['fast', 'safe'] }, tags: { type: 'array', items: { type: 'string' }, maxItems: 3 }, dry: { type: 'boolean' } },
      required: ['mode', 'dry'],
      additionalProperties: false,
    },
  },
  { name: 'list_all', inputSchema: { type: 'object', properties: {} } },
];
