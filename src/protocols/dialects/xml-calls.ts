/**
 * XML-style tool calls other than reins' own `<tool_code>`, each parsed to its end (`tag-calls.ts`):
 * - `<function=name>`, also `<call=..>`, `<tool=..>`, `<invoke=..>` and self-closing `<function=name/>`
 *   (Qwen3-Coder, Seed-OSS, Nemotron 3, Step 3.5, Functionary v3.1 with a JSON body); and the shapes
 *   Qwen3-Coder drifts into: `<parameter>city</parameter>Oslo` for a declared name, names in quotes
 *   (`quoted-name.ts`), `\n` text for every line break (`escaped-breaks.ts`)
 * - `<function name="..">` with `<param name="..">` (MiniCPM)
 * - `<invoke name="..">` with `<parameter name="..">` (MiniMax M2 `<minimax:tool_call>`, DeepSeek
 *   V3.2/V4 DSML `<｜DSML｜invoke>` with `string="true|false"`, any XML namespace (`<devins:invoke>`),
 *   StepFun Step 3 `<steptml:invoke>` between
 *   DeepSeek-style `<｜tool_calls_begin｜>` tokens), or with elements named after the
 *   parameters (MiniMax M3 `<city>..</city>`, its `]<]minimax[>[` separators dropped)
 * - `<tool_call>name<arg_key>k</arg_key><arg_value>v</arg_value></tool_call>` (GLM 4.5-4.7, Poolside;
 *   Hunyuan with `<tool_sep>` after the name; Laguna also writes `<user>` for `<tool_call>`; a missing
 *   `<arg_value>` opening tag is tolerated, and a missing `</arg_value>` right before `</tool_call>` or
 *   the next `<arg_key>`); Xing 4.0 writes `<param_key>`/`<param_value>` (`param-key-values.ts`)
 * - `<longcat_tool_call>name<longcat_arg_key>k</longcat_arg_key><longcat_arg_value>v</longcat_arg_value></longcat_tool_call>`
 *   (LongCat Flash; values read by the tool's schema, as its mlx-lm parser does)
 * A call that is not closed, or whose body does not parse, is reported with a correction: a value
 * cut off at the end of the output would be a guess.
 */
import type { JsonSchema, ToolSpec } from '../../spec/decision.ts';
import { codeRanges, isInCode } from '../extract/code-ranges.ts';
import { callItem, type DialectReader, failedReading, type ReadFailure, type Reading } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';
import { isRecord } from '../extract/read-json.ts';
import { dsmlMarker } from '../extract/dsml-marker.ts';
import { escapedBreakParameters, opensEscaped } from './escaped-breaks.ts';
import { paramKeyValuesFamily } from './param-key-values.ts';
import { quotedName } from './quoted-name.ts';
import { type CallForm, type ParameterForm, type ParsedCall, parseCalls, type RawParameter } from './tag-calls.ts';
import { jsonArguments, parameterArguments, type ParametersReading, type ValueRule } from './xml-parameters.ts';

export interface TagFamily {
  form: CallForm;
  rule: ValueRule;
}

/** A name as written, bare or in double quotes (`quoted-name.ts` decides what the quotes are). */
const equalsName = '"[^"<>\\n]+"|[^\\s<>/"=](?:[^<>/"=\\n]*[^\\s<>/"=])?';

/** `<function=name>..</function>` and its `call`, `tool`, `invoke` variants. */
export const equalsFamily: TagFamily = {
  rule: 'newline-pair',
  form: {
    dialect: 'function-tag',
    // Names may hold spaces (`<function=get current temperature>`, as vLLM reads them); the space around
    // the name and around `=` goes (`<function = name >`, as OpenHands-style converters read it).
    // A `>` left out before the line break after the name is read as written there (as mlx-lm reads
    // it): a name holds no line break, so where it ends has one reading.
    open: new RegExp(`<(?<tag>function|call|tool|invoke)[^\\S\\n]*=[^\\S\\n]*(?<name>${equalsName})(?:\\s*(?<empty>\\/)?>|[^\\S\\n]*(?=\\n))`, 'g'),
    close: (open) => `</${open.groups?.tag ?? 'function'}>`,
    endsAt: ['</tool_call>'],
    // A call written with `\n` text for its line breaks (`escaped-breaks.ts`).
    escapedGap: /(?:[^\S\r\n]|\\n)*/y,
    json: true,
    parameters: [
      { open: new RegExp(`<parameter[^\\S\\n]*=[^\\S\\n]*(${equalsName})[^\\S\\n]*>`, 'y'), close: '</parameter>', endsAtCallClose: true },
      // Its `>` left out before the line break: read so only for a name the tool declares, since a
      // value may hold `<parameter=x` text (the tag then reads two ways).
      { open: new RegExp(`<parameter[^\\S\\n]*=[^\\S\\n]*(${equalsName})[^\\S\\n]*(?=\\n)`, 'y'), close: '</parameter>', endsAtCallClose: true, declaredKeysOnly: true },
      // The name as an element's text, then the value (`<parameter>city</parameter>\nOslo\n`, its
      // `</parameter>` optional): a name only where the tool declares it.
      { open: /<parameter>[^\S\n]*([A-Za-z_][\w.-]*)[^\S\n]*<\/parameter>/y, close: '</parameter>', closeOptional: true, declaredKeysOnly: true },
    ],
  },
};

/**
 * MiniMax M3 writes this separator before every tag; DeepSeek DSML prefixes every tag with `｜DSML｜`,
 * StepFun Step 3 with `steptml:`, and applications that prompt for invokes pick their own XML namespace
 * (auto-dev's `<devins:invoke>`): any `prefix:` is the same element, closed with the same prefix. Muse's
 * `atem:` is not: its messages decide what its invokes are (`muse.ts`).
 */
const separator = '(?<sep>\\]<\\]minimax\\[>\\[)?';
const dsml = `(?<ns>${dsmlMarker} ?|(?!atem:)[A-Za-z][\\w.-]*:)?`;
/**
 * The rest of a parameter element's opening tag after its name, with DSML's `string="true|false"` type
 * attribute as the `hint` group: wherever a family writes it, it decides whether the value is text or
 * JSON (`xml-parameters.ts`), never the untyped value's look.
 */
const stringHint = '(?:[^>]*?\\bstring="(?<hint>[^"]*)")?[^>]*';
/** Byte-level tokenizers may leave `Ġ` for the space before `name=`. */
const space = '(?:Ġ|\\s)*';
const prefixed = (match: RegExpExecArray, tag: string) => `${match.groups?.sep ?? ''}</${match.groups?.ns ?? ''}${tag}>`;

/** GLM's `<arg_key>k</arg_key><arg_value>v</arg_value>` elements. */
const glmParameters: ParameterForm[] = [
  // The last value may end at `</tool_call>` with its `</arg_value>` left out (as GLM's servers read it),
  // and a value left open right before the next `<arg_key>` ends there (as Ollama and lmdeploy read it).
  { open: /<arg_key>\s*((?:(?!<\/?arg_(?:key|value)>)[^\n])*?)\s*<\/arg_key>(?:\s|\\n)*<arg_value>/y, close: '</arg_value>', endsAtCallClose: true, endsAtNextParameter: true },
  { open: /<arg_key>\s*([^<]*?)\s*<\/arg_key>(?:\s|\\n)*(?!<arg_value>)/y, close: '</arg_value>', forbids: () => /<arg_(?:key|value)>/ },
];

/** `<invoke name="..">` with `<parameter name="..">`, its DSML, Step 3 and MiniMax M3 spellings. */
const invokeFamily: TagFamily = {
  rule: 'verbatim',
  form: {
    dialect: 'invoke',
    // The name in either quotes, as XML writes attributes (Dots3 writes `name='..'` too).
    open: new RegExp(`${separator}<${dsml}invoke${space}name=(?<q>["'])(?<name>(?:(?!\\k<q>)[^<>\\n])+)\\k<q>\\s*(?<empty>/)?>`, 'g'),
    close: (match) => prefixed(match, 'invoke'),
    json: true,
    parameters: [
      { open: new RegExp(`${separator}<${dsml}parameter${space}name=(?<q>["'])(?<key>(?:(?!\\k<q>)[^<>\\n])*)\\k<q>${stringHint}>`, 'y'), close: (match) => prefixed(match, 'parameter') },
      // MiniMax M3 writes `]<]minimax[>[` before each element, and only the separator tells a child
      // element from markup inside a string value: an element written without it is read as text.
      { open: /(?<sep>\]<\]minimax\[>\[)<(?<key>[A-Za-z_][\w.-]*)>/y, close: (match) => `${match.groups?.sep ?? ''}</${match.groups?.key ?? ''}>`, nested: true },
      // Without the separator, an element is an argument only when the tool declares its name: any
      // other (`<parameter></parameter>` after a value that may hold it) is markup, refused.
      { open: /<(?<key>[A-Za-z_][\w.-]*)>/y, close: (match) => `</${match.groups?.key ?? ''}>`, declaredKeysOnly: true },
    ],
  },
};

/**
 * Bare invokes (no DSML or Step 3 prefix) are MiniMax M2's syntax, also inside other wrappers (Dots3's
 * `<dots_function_call>`): read as written, but for a pair of line breaks framing a value, which those
 * families' servers strip. Listed before `invokeFamily`, it wins the invokes both forms match.
 */
const bareInvokeFamily: TagFamily = {
  rule: 'verbatim-framed',
  form: {
    ...invokeFamily.form,
    // MiniMax M3's separators mark its own elements, kept as written (`invokeFamily`).
    open: new RegExp(`<invoke${space}name=(?<q>["'])(?<name>(?:(?!\\k<q>)[^<>\\n])+)\\k<q>\\s*(?<empty>/)?>`, 'g'),
  },
};

/**
 * Invokes inside MiniMax M2's `<minimax:tool_call>`: its own parser strips every value and reads a
 * value whose property has no `type` as a string; it also takes names in single quotes.
 */
const minimaxInvokeFamily: TagFamily = {
  rule: 'trimmed-text',
  form: {
    ...invokeFamily.form,
    open: /<invoke\s+name=(?<q>["'])(?<name>(?:(?!\k<q>)[^<>\n])+)\k<q>\s*(?<empty>\/)?>/g,
    close: () => '</invoke>',
    // Its `<parameter>` in either quotes; M3's elements named after the parameters as in `invokeFamily`.
    parameters: [{ open: new RegExp(`<parameter\\s+name=(?<q>["'])(?<key>(?:(?!\\k<q>)[^<>\\n])*)\\k<q>${stringHint}>`, 'y'), close: '</parameter>' }, ...invokeFamily.form.parameters.slice(1)],
  },
};

const namedFamilies: TagFamily[] = [
  {
    rule: 'verbatim',
    form: {
      dialect: 'function-tag',
      open: new RegExp(`<function${space}name="(?<name>[^"]+)"\\s*(?<empty>/)?>`, 'g'),
      close: () => '</function>',
      json: true,
      parameters: [
        // Doubao Seed writes DSML's `string="true|false"` type attribute here too (LobeHub reads it).
        { open: new RegExp(`<(?<tag>param|parameter)${space}name="(?<key>[^"]*)"${stringHint}>`, 'y'), close: (match) => `</${match.groups?.tag ?? 'param'}>` },
        // Qwen3-Coder's spelling inside this form: `<parameter=city>` (so a value never swallows one).
        { open: /<parameter=(?<key>[^<>/"=]+)>/y, close: '</parameter>' },
      ],
    },
  },
  {
    // Hunyuan HY v3 writes `<tool_sep>` after the name (its `:opensource` tag suffix is dropped by the
    // normalizer); its parser (mistral.rs) reads an untyped value as JSON where it is JSON (`3` is 3).
    // Listed before GLM's form, it wins the calls both match.
    rule: 'verbatim',
    form: {
      dialect: 'glm',
      // A JSON object after the separator is the next family's (`<tool_sep>\n{..}`).
      open: /<tool_call>(?:\s|\\n)*(?<name>[\p{L}\p{N}_][\p{L}\p{N}_.:-]*)(?:\s|\\n)*<tool_sep>(?=[^\S\n]*(?:\n|\\n|<arg_key>|<\/tool_call>|$))(?!(?:\s|\\n)*\{)/gu,
      close: () => '</tool_call>',
      gap: /(?:\s|\\n)*/y,
      parameters: glmParameters,
    },
  },
  {
    rule: 'verbatim-quoted',
    form: {
      dialect: 'glm',
      // The name ends the line, or meets the first element: `<tool_call>not valid json` is no GLM call.
      // After Hunyuan's `<tool_sep>` the JSON object may follow on the same line: the separator says
      // where the name ends.
      open: /<tool_call>(?:\s|\\n)*(?<name>[\p{L}\p{N}_][\p{L}\p{N}_.:-]*)(?:(?:\s|\\n)*<tool_sep>(?=[^\S\n]*\{)|(?:(?:\s|\\n)*<tool_sep>)?(?=[^\S\n]*(?:\n|\\n|<arg_key>|<\/tool_call>|$)))/gu,
      close: () => '</tool_call>',
      gap: /(?:\s|\\n)*/y,
      // The arguments as one JSON object on the lines after the name (`<tool_call>name\n{..}</tool_call>`).
      json: true,
      parameters: glmParameters,
    },
  },
  {
    rule: 'verbatim-quoted',
    form: {
      dialect: 'glm',
      // Laguna's alias: `<user>` in place of `<tool_call>`, read only with `<arg_key>` elements after the
      // name (`<user>hello</user>`, or prose inside `<user>`, is text).
      open: /<user>(?:\s|\\n)*(?<name>[\p{L}\p{N}_][\p{L}\p{N}_.:-]*)(?=(?:\s|\\n)*<arg_key>)/gu,
      close: () => '</user>',
      gap: /(?:\s|\\n)*/y,
      parameters: glmParameters,
    },
  },
  {
    // LongCat's own parser (meituan-longcat's sglang detector) strips every value.
    rule: 'trimmed',
    form: {
      dialect: 'longcat',
      open: /<longcat_tool_call>\s*(?<name>[\p{L}\p{N}_][\p{L}\p{N}_.:-]*)(?=\s*(?:<longcat_arg_key>|<\/longcat_tool_call>))/gu,
      close: () => '</longcat_tool_call>',
      // A key's closing tag may be left out right before the value opens (as LongCat's detector reads it):
      // the key holds no `<`, so where it ends has one reading.
      parameters: [{ open: /<longcat_arg_key>\s*([^<]*?)\s*(?:<\/longcat_arg_key>\s*)?<longcat_arg_value>/y, close: '</longcat_arg_value>' }],
    },
  },
  paramKeyValuesFamily,
];

/** A GLM key written with no `<arg_value>` after it (before the next key or the call's close), in the call at `start`. */
function keyWithoutValue(text: string, start: number): string | undefined {
  const end = text.indexOf('</tool_call>', start);
  const body = text.slice(start, end < 0 ? text.length : end + '</tool_call>'.length);
  return /<arg_key>\s*([^<]*?)\s*<\/arg_key>(?:\s|\\n)*(?=<arg_key>|<\/tool_call>)/.exec(body)?.[1];
}

function failureOf(call: Extract<ParsedCall, { ok: false }>, name: string, text: string, dialect: string): ReadFailure {
  const orphan = dialect === 'glm' && call.problem === 'unreadable' ? keyWithoutValue(text, call.start) : undefined;
  if (orphan !== undefined) return { kind: 'invalid-args', message: `in \`${name}\`, the key \`${sanitizeName(orphan)}\` has no <arg_value>: give every <arg_key> its <arg_value>`, toolName: name };
  if (call.problem === 'unclosed') return { kind: 'no-decision', message: `the call of \`${name}\` is not closed (the output may be cut off)`, toolName: name };
  if (call.problem === 'ambiguous') {
    const message = `the value of \`${sanitizeName(call.key)}\` in \`${name}\` holds an opening parameter tag: close every parameter, or wrap such a value in <![CDATA[..]]>`;
    return { kind: 'invalid-args', message, toolName: name };
  }
  return { kind: 'invalid-args', message: `arguments of \`${name}\` could not be read (expected parameter elements with names)`, toolName: name };
}

const failed = (message: string): ParametersReading => ({ ok: false, kind: 'invalid-args', message });

/** The parameters as the tool names them (quoted keys, `quoted-name.ts`), and with escaped line breaks read (`escaped-breaks.ts`). */
function namedParameters(call: Extract<ParsedCall, { ok: true }>, family: TagFamily, tool: ToolSpec | undefined, text: string): RawParameter[] | ParametersReading {
  const schema: JsonSchema | undefined = tool?.inputSchema;
  const declared = isRecord(schema?.properties) ? Object.keys(schema.properties) : [];
  let parameters: RawParameter[] = [];
  for (const parameter of call.parameters) {
    const key = quotedName(parameter.key, declared);
    if (!key.ok) return failed(key.message);
    parameters.push(key.name === parameter.key ? parameter : { ...parameter, key: key.name });
  }
  const span = text.slice(call.start, call.end);
  // The opening tag holds no `>` but its last (names hold none).
  if (family.form.escapedGap && opensEscaped(span, span.indexOf('>') + 1)) {
    const read = escapedBreakParameters(span, parameters);
    if (!read.ok && read.problem === 'mixed') return failed('the call writes some line breaks as \\n text and others as real line breaks: write every line break as a real one');
    if (!read.ok) return failed(`the call writes its line breaks as \\n text, and the value of \`${sanitizeName(read.key)}\` holds a backslash (escaped too, or meant as written?): write the call with real line breaks`);
    parameters = read.parameters;
  }
  return parameters;
}

function itemOf(call: Extract<ParsedCall, { ok: true }>, family: TagFamily, tools: readonly ToolSpec[], text: string) {
  const name = quotedName(call.name, tools.map((candidate) => candidate.name));
  if (!name.ok) return { args: failed(name.message), item: undefined };
  const tool = tools.find((candidate) => candidate.name === name.name);
  const parameters = call.json === undefined ? namedParameters(call, family, tool, text) : [];
  const args = !Array.isArray(parameters) ? parameters : call.json === undefined ? parameterArguments(parameters, tool, family.rule) : jsonArguments(call.json);
  return { args, item: args.ok ? callItem(name.name, args.args, tools) : undefined };
}

/** Reads every call of `families` in `text`, in order; undefined when there is none. */
export function readTagCalls(text: string, tools: readonly ToolSpec[], families: readonly TagFamily[], dialectName?: string): Reading | undefined {
  const code = codeRanges(text);
  const found = families
    .flatMap((family) => parseCalls(text, family.form, families.filter((other) => other !== family).map((other) => other.form)).map((call) => ({ family, call })))
    .filter(({ call }) => !isInCode(code, call.start))
    .sort((left, right) => left.call.start - right.call.start);
  const items: unknown[] = [];
  const spans: Array<readonly [number, number]> = [];
  let coveredUntil = -1;
  let repaired = false;
  const dialect = dialectName ?? found[0]?.family.form.dialect;
  for (const { family, call } of found) {
    if (call.start < coveredUntil) continue;
    const name = sanitizeName(call.name);
    const reading = dialect ?? family.form.dialect;
    if (!call.ok) return { ...failedReading(reading, failureOf(call, name, text, family.form.dialect)), conclusive: true };
    coveredUntil = call.end;
    const { args, item } = itemOf(call, family, tools, text);
    if (!args.ok) return failedReading(reading, { kind: args.kind, message: `arguments of \`${name}\`: ${args.message}`, ...(args.details ? { details: args.details } : {}), toolName: name });
    repaired ||= args.repaired;
    items.push(item);
    spans.push([call.start, call.end]);
  }
  return dialect && items.length ? { dialect, items, thoughts: [], repaired, spans } : undefined;
}

export const xmlCallsReader: DialectReader = {
  dialect: 'xml-call',
  needs: '<｜', // tags, or DSML tokens with full-width bars
  read(input, { tools }): Reading | undefined {
    if (!/<(?:function|call|tool|invoke|arg_key|tool_call>|(?!atem:)[A-Za-z][\w.-]*:invoke\b|longcat_tool_call>)|｜(?:DSML|ＤＳＭＬ)｜|\]<\]minimax\[>\[/.test(input)) return undefined;
    // MiniMax M2's own reading holds where its wrapper token is written: listed first, it wins the
    // invokes both forms match; DSML and Step 3 invokes beside it keep their values as written.
    const invokes = input.includes('<minimax:tool_call>') ? [minimaxInvokeFamily, invokeFamily] : [bareInvokeFamily, invokeFamily];
    return readTagCalls(input, tools, [equalsFamily, ...invokes, ...namedFamilies]);
  },
};
