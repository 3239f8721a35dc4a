/**
 * Visits every schema object of a JSON Schema, the root first and then in document order, with its
 * JSON Pointer: only where JSON Schema puts schemas (`properties`, `items`, `anyOf`, `$defs`...),
 * never into values (`enum`, `const`, `default`, `examples`). Iterative: a schema may be nested
 * deeper than the stack allows. Linear in the size of the schema.
 */

/** Keywords whose value is one subschema, a list of them, or a map of them. */
const oneSchema = ['items', 'additionalItems', 'additionalProperties', 'contains', 'propertyNames', 'not', 'if', 'then', 'else', 'unevaluatedItems', 'unevaluatedProperties'];
const schemaLists = ['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items'];
const schemaMaps = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'dependencies'];

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const escapePointer = (key: string): string => key.replaceAll('~', '~0').replaceAll('/', '~1');

export function eachSubschema(root: unknown, visit: (schema: Record<string, unknown>, path: string) => void): void {
  const stack: Array<{ node: unknown; path: string }> = [{ node: root, path: '' }];
  while (stack.length > 0) {
    const { node, path } = stack.pop()!;
    if (!isObject(node)) continue;
    visit(node, path);
    const children: Array<{ node: unknown; path: string }> = [];
    for (const key of schemaMaps) {
      const map = node[key];
      if (isObject(map)) for (const name of Object.keys(map)) children.push({ node: map[name], path: `${path}/${key}/${escapePointer(name)}` });
    }
    for (const key of oneSchema) if (isObject(node[key])) children.push({ node: node[key], path: `${path}/${key}` });
    for (const key of schemaLists) {
      const list = node[key];
      if (Array.isArray(list)) list.forEach((item, index) => children.push({ node: item, path: `${path}/${key}/${index}` }));
    }
    for (let index = children.length - 1; index >= 0; index--) stack.push(children[index]!);
  }
}
