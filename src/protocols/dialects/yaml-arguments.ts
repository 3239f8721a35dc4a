/**
 * Arguments written as a YAML mapping in the body of a tool-name tag, as models prompted with the
 * YAML-XML format of ai-sdk-tool-call-middleware write them:
 *
 *   <get_weather>
 *   location: Seoul
 *   unit: celsius
 *   </get_weather>
 *
 * The body is parsed by the `yaml` library (YAML 1.2), loaded when the first body is read, with its
 * failsafe schema: every scalar comes back as the text written, so YAML's own implicit typing (`yes`,
 * `1.0`, `~`, dates) never decides a value. The tool's schema does, by one rule per kind of node:
 * - a plain scalar is text read by its property's schema, as an XML element's text is
 *   (`coerceText`): a `string` property keeps `yes`, `1.10` or `2024-01-01` as written, a `number`
 *   reads `1.10` as 1.1, a `boolean` takes only `true`/`false`, an untyped property reads JSON
 *   literals (`42`, `true`, `null`) and keeps anything else as the text;
 * - a quoted or block scalar (`"42"`, `'x'`, `|`, `>`) is a string, always: the model wrote one;
 * - a flow collection (`[a, b]`, `{k: v}`) is JSON text, read by the one JSON guard like JSON in any
 *   parameter's text, so YAML's flow syntax cannot fill in what a JSON repair would refuse to guess;
 * - a block mapping or sequence under a key is an object or a list, each member read by its
 *   sub-schema (`properties`, `prefixItems`, `items`).
 * A correction, never a guess: a key given twice at any depth, YAML the library reports an error or
 * warning for (broken indentation, tabs, several documents), a body that is not one block mapping, a plain or quoted
 * value written over several lines (YAML folds its line breaks into spaces), anchors and aliases
 * (never expanded, so no alias bomb), tags, comments (` #` in a value would silently cut it),
 * directives, explicit keys, a key that is not text, nesting deeper than `maxValueDepth`, and a key
 * the tool does not declare, unless its schema takes other keys (then the key must be a name).
 */
import type * as Yaml from 'yaml';
import type { JsonSchema, ToolSpec } from '../../spec/decision.ts';
import { coerceText } from '../../tools/coerce-text.ts';
import { itemsSchema, propertySchema } from '../../tools/collect-parameters.ts';
import { requirePackage } from '../../tools/require-package.ts';
import { maxValueDepth } from '../../tools/value-limits.ts';
import { guardedCoercion } from '../extract/guarded-json.ts';
import { isRecord } from '../extract/read-json.ts';
import type { ReadFailure } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';

export type YamlArguments = { ok: true; args: Record<string, unknown>; repaired: boolean } | { ok: false; failure: ReadFailure };

type NodeValue = { ok: true; value: unknown; repaired: boolean } | { ok: false; detail: string };

let library: typeof Yaml | undefined;
const yaml = (): typeof Yaml => (library ??= requirePackage<typeof Yaml>('yaml', 'Reading YAML arguments'));

/** Lexer tokens a body may hold: mappings, sequences, scalars, flow collections and the space between them. */
const readTokens = new Set([
  'doc-mode', 'newline', 'space', 'scalar', 'single-quoted-scalar', 'double-quoted-scalar', 'block-scalar-header',
  'map-value-ind', 'seq-item-ind', 'flow-map-start', 'flow-map-end', 'flow-seq-start', 'flow-seq-end', 'comma',
]);
const refusedTokens: Record<string, string> = {
  comment: 'a comment (` #`): quote a value that holds `#`',
  anchor: 'an anchor (`&`): write each value out, or quote a value that starts with `&`',
  alias: 'an alias (`*`): write each value out, or quote a value that starts with `*`',
  tag: 'a tag (`!`): quote a value that starts with `!`',
  'directive-line': 'a directive (`%`)',
  'doc-start': 'a document marker (`---`)',
  'doc-end': 'a document marker (`...`)',
  'explicit-key-ind': 'an explicit key (`?`)',
};

/** A line `name:` followed by a space or the line's end: how a mapping key is written. */
const keyLine = /^[ \t]*[A-Za-z_][\w.-]*[ \t]*:(?=[ \t]|\r?$)/;
/** What an undeclared key must look like where the schema takes other keys: a name, not prose. */
const nameKey = /^[A-Za-z_$][\w.$-]*$/;

/** True when the first line of `body` that holds anything is written `name:`, as a YAML mapping's first key. */
export function startsAsYamlMapping(body: string): boolean {
  const first = /^[ \t]*\S[^\n]*/m.exec(body)?.[0] ?? '';
  return keyLine.test(first);
}

const fail = (detail: string): NodeValue => ({ ok: false, detail });
const shown = (path: string) => path.replace(/[^\w./-]/g, '?').slice(0, 64);

/** A text value read by `schema` (see the file comment); a text no type fits is kept, for validation to refuse. */
function typedText(text: string, schema: unknown, path: string): NodeValue {
  const read = coerceText(text, schema, guardedCoercion);
  if (!read.ok && read.refused) return fail(`\`${shown(path)}\`: ${read.reason}`);
  return read.ok ? { ok: true, value: read.value, repaired: read.repaired } : { ok: true, value: text, repaired: false };
}

function nodeValue(node: unknown, schema: unknown, source: string, path: string, depth: number): NodeValue {
  const lib = yaml();
  if (depth > maxValueDepth) return fail(`\`${shown(path)}\` is nested more than ${maxValueDepth} levels deep`);
  if (node === null || node === undefined) return typedText('', schema, path);
  if (lib.isScalar(node)) {
    const block = node.type === 'BLOCK_LITERAL' || node.type === 'BLOCK_FOLDED';
    const [start = 0, end = 0] = node.range ?? [];
    // YAML folds the line breaks of a plain or quoted value into spaces: text the model wrote would change.
    if (!block && source.slice(start, end).includes('\n')) return fail(`\`${shown(path)}\` spans several lines: write such a value as a block scalar (\`key: |\`)`);
    return node.type === 'PLAIN' ? typedText(String(node.value ?? ''), schema, path) : { ok: true, value: String(node.value ?? ''), repaired: false };
  }
  if ((lib.isMap(node) || lib.isSeq(node)) && node.flow) {
    const [start = 0, end = 0] = node.range ?? [];
    return typedText(source.slice(start, end), schema, path);
  }
  let repaired = false;
  if (lib.isSeq(node)) {
    const positional = isRecord(schema) && Array.isArray(schema.prefixItems) ? (schema.prefixItems as unknown[]) : [];
    const value: unknown[] = [];
    for (const item of node.items) {
      const read = nodeValue(item, value.length < positional.length ? positional[value.length] : itemsSchema(schema), source, `${path}/${value.length}`, depth + 1);
      if (!read.ok) return read;
      repaired ||= read.repaired;
      value.push(read.value);
    }
    return { ok: true, value, repaired };
  }
  if (lib.isMap(node)) {
    const value: Record<string, unknown> = {};
    for (const pair of node.items) {
      if (!lib.isScalar(pair.key)) return fail(`a key in \`${shown(path)}\` is not text`);
      const key = String(pair.key.value ?? '');
      if (Object.hasOwn(value, key)) return fail(`\`${shown(`${path}/${key}`)}\` is given twice`);
      const read = nodeValue(pair.value, propertySchema(isRecord(schema) ? (schema as JsonSchema) : undefined, key), source, `${path}/${key}`, depth + 1);
      if (!read.ok) return read;
      repaired ||= read.repaired;
      Object.defineProperty(value, key, { value: read.value, enumerable: true, writable: true, configurable: true });
    }
    return { ok: true, value, repaired };
  }
  return fail(`\`${shown(path)}\` holds YAML that is not read (write plain values)`);
}

/** The first token of `body` that is not read (see `refusedTokens`), described; undefined when every token is. */
function refusedToken(body: string): string | undefined {
  const lib = yaml();
  let scalarText = false;
  for (const token of new lib.Lexer().lex(body)) {
    const type = lib.CST.tokenType(token);
    // The lexer marks a plain or block scalar with a token of its own; the next token is its text, whatever it holds.
    if (scalarText || (type && readTokens.has(type))) {
      scalarText = !scalarText && type === 'scalar';
      continue;
    }
    return (type && refusedTokens[type]) ?? 'YAML syntax that is not read';
  }
  return undefined;
}

/** Top-level keys the tool's schema does not take, as a correction; undefined when every key is taken. */
function unknownKeys(keys: readonly string[], tool: ToolSpec, toolName: string): ReadFailure | undefined {
  const schema = tool.inputSchema;
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const declared = Object.keys(properties);
  const takesOthers = schema.additionalProperties === true || isRecord(schema.additionalProperties) || isRecord(schema.patternProperties) || (declared.length === 0 && schema.additionalProperties !== false);
  const unknown = keys.find((key) => !Object.hasOwn(properties, key) && !(takesOthers && nameKey.test(key)));
  if (unknown === undefined) return undefined;
  const details = declared.length ? [`arguments: ${declared.slice(0, 20).map(sanitizeName).join(', ')}`] : [];
  return { kind: 'invalid-args', message: `\`${toolName}\` has no argument \`${sanitizeName(unknown)}\` (its YAML body names it)`, details, toolName };
}

/** The arguments a YAML body gives `tool`, or the correction it needs (see the file comment). */
export function yamlArguments(body: string, tool: ToolSpec): YamlArguments {
  const toolName = sanitizeName(tool.name);
  const problem = (detail: string): YamlArguments => ({ ok: false, failure: { kind: 'invalid-args', message: `the YAML arguments of \`${toolName}\` could not be read: ${detail}`, toolName } });
  const token = refusedToken(body);
  if (token) return problem(`it holds ${token}`);
  const lib = yaml();
  // Keys given twice are found while reading (`nodeValue`): the library's own check is quadratic in the keys.
  const document = lib.parseDocument(body, { schema: 'failsafe', strict: true, uniqueKeys: false, prettyErrors: false });
  const [error] = [...document.errors, ...document.warnings];
  if (error) {
    const line = error.linePos?.[0]?.line;
    const what = (error.message.split('\n')[0] ?? '').replace(/[^\w .,:;'"`()[\]{}-]/g, '?').slice(0, 100);
    return problem(line ? `line ${line}: ${what}` : what);
  }
  const root = document.contents;
  if (!lib.isMap(root) || root.flow) return problem('write them as one mapping, a `name: value` line per argument');
  const keys = root.items.map((pair) => (lib.isScalar(pair.key) ? String(pair.key.value ?? '') : ''));
  const unknown = unknownKeys(keys, tool, toolName);
  if (unknown) return { ok: false, failure: unknown };
  const read = nodeValue(root, tool.inputSchema, body, '', 0);
  if (!read.ok) return problem(read.detail);
  return { ok: true, args: read.value as Record<string, unknown>, repaired: read.repaired };
}
