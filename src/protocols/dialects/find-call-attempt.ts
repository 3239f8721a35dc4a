/**
 * Safety net for protocols where plain text is the answer (native, xml): text that clearly attempts
 * a tool call no reader could read must not become the answer. It is rejected with a precise
 * correction instead, so the loop retries. Clear attempts are tool-call tokens and tags of known
 * dialects, and JSON or Python-style calls that name a known tool. Inline code spans (`like this`)
 * are ignored, so an answer that merely mentions such a token stays an answer.
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { escapeRegExp, lastToolList, type ReadFailure } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';
import { argumentElementAttempt } from './argument-element-attempt.ts';
import { argumentsWrapperElement } from './arguments-wrapper-element.ts';
import { callNamedElement } from './call-named-element.ts';
import { bareCallAttempt } from './bare-call-attempt.ts';
import { maskCode } from './mask-code.ts';
import { namedToolObject } from './named-tool-object.ts';
import { jsonNamedTool } from './json-named-tool.ts';
import { toolMemberObject } from './tool-member-object.ts';
import { toolKeyedObject } from './tool-keyed-object.ts';
import { toolArgumentsInProse } from './tool-arguments-in-prose.ts';
import { namedToolElement } from './named-tool-element.ts';
import { unclosedCallObject } from './unclosed-call-object.ts';
import { availableList } from '../validate-decision.ts';
import { holdsCallFence } from '../extract/call-fence-label.ts';
import { bareControlTokenSource, endOfTurnSource } from '../extract/control-tokens.ts';
import { duplicateKeyIn } from '../extract/duplicate-keys.ts';
import { duplicateKeyCall } from './duplicate-key-call.ts';
import { toolMentionAttempt } from './tool-mention-attempt.ts';
import { namelessArguments } from './nameless-arguments.ts';
import { unofferedToolKey } from './unoffered-tool-key.ts';
import { cutOffArguments } from './cut-off-arguments.ts';
import { namedFencedArguments } from './named-fenced-arguments.ts';
import { callShapedReply } from './call-shaped-reply.ts';
import { namelessCallObject } from './nameless-call-object.ts';
import { wrappedNamelessArguments } from './wrapped-nameless-arguments.ts';
import { namelessElementCall } from './nameless-element-call.ts';
import { callElementBody } from './call-element-body.ts';
import { withoutQualifiers } from './qualified-tool-names.ts';
import { unknownToolCallLine } from './unknown-tool-call-line.ts';

/** Token or tag patterns, each with the short name used in the correction. */
const markers: ReadonlyArray<readonly [RegExp, string]> = [
  [/<\|tool_call/, '<|tool_call'],
  // `<tool_call` as a tag (closed, cut off at the end, or with attributes), not a word in prose (`<tool_call in docs`).
  // Also a namespaced tag on either side (`<minimax:tool_call>`, Hunyuan's `<tool_call:opensource>`).
  [/<(?:[\w-]+:)?tool_calls?(?::[\w-]+)?(?=\s*\/?>|\s*$|\s+[\w-]+\s*=)/, '<tool_call>'],
  [/\[TOOL_CALLS\]/, '[TOOL_CALLS]'],
  // LM Studio's call tokens (`[TOOL_REQUEST]{..}[END_TOOL_REQUEST]`), also closed as `[TOOL_REQUEST_END]`.
  [/\[(?:END_)?TOOL_REQUEST(?:_END)?\]/, '[TOOL_REQUEST]'],
  [/<function(?:[^\S\n]*=|(?:\s|Ġ)*name\s*=|_calls>)/, '<function>'],
  [/<invoke\b/, '<invoke>'],
  // DeepSeek call tokens with either bar (DSML's as a tag with ASCII bars, its letters in either width); its tool output tokens (`<｜tool▁outputs▁begin｜>`) are not calls.
  [/<[|｜]tool[▁_ ](?:calls?[▁_ ]begin|sep)[|｜]>|｜(?:DSML|ＤＳＭＬ)｜|<\/?\|DSML\|/, 'DeepSeek tool-call tokens'],
  [/<start_function_call>/, '<start_function_call>'],
  [/<\|START_ACTION\|>|<TOOLCALL>|<\|tools_prefix\|>|<\|function_call\|>|functools\s*\[|<\|content_invoke_tool_(?:json|text)\|>/, 'a tool-call token'],
  [/<\|python_(?:tag|start)\|>/, '<|python_tag|>'],
  [/\bto=functions\.[A-Za-z_]/, 'to=functions.'],
  // Kimi K2's call head with its tokens dropped (`functions.get_weather:0{..}`), whatever tool it names, or none (`functions.:0{..}`).
  // A sentence's period may stand right before it (`..done.functions.x:0{..}`).
  [/(?<![\w-])functions\.(?:[A-Za-z_][\w.-]*)?:\d+\s*\{/, 'functions.name:0'],
  [/<arg_key(?::[\w-]+)?>/, '<arg_key>'],
  [/<tool_code>/, '<tool_code>'],
  // The XML agent's argument element (`xml-agent.ts`): beside any other call tag it holds arguments no reader took.
  [/<tool_input>/, '<tool_input>'],
  [/<longcat_(?:tool_call|arg_key)>/, '<longcat_tool_call>'],
  // A MuseGlimmer calls block never closed: cut off (a closed one in a message to the user is talk about a call, `closedMuseBlock`).
  [/<atem:function_calls>(?![\s\S]*<\/atem:function_calls>)|<atem:invoke\b(?![\s\S]*<\/atem:invoke>)/, '<atem:function_calls>'],
  // Qwen-Agent's call labels, read at a line's start (`react-sections.ts`), written anywhere else.
  [/✿(?:FUNCTION|ARGS)✿/, '✿FUNCTION✿'],
  // A past call as Qwen templates render it, copied by the model (`calling-tool-bracket.ts`).
  [/\[Calling tool:|\[Tool call:/, '[Calling tool:'],
  // Continue's tool blocks: a `TOOL_NAME:` or `BEGIN_ARG:` line.
  [/^[ \t]*(?:```tool[ \t]*\r?\n[ \t]*)?(?:tool_?name|begin_?arg)[ \t]*:/im, 'TOOL_NAME:'],
];

/**
 * The other names models give a call block (`<tool_use>`, `<use_tool>`, `<call_tool>`,
 * `<tool_request>`), as a tag opening, closing or cut off. Around calls a reader read it is their
 * wrapper (avante's `<tool_use>{..}</tool_use>`); in a reply with no call read it is markup no answer holds.
 */
const callBlockTag = /<\/?(?:tool_uses?|use_tool|call_tool|tool_request)(?=\s*\/?>|\s*$|\s+[\w-]+\s*=)/;

interface KnownToolPatterns {
  /** `"name": "<tool>"` and its spellings. */
  jsonName: RegExp;
  /** `""name"": ""<tool>""`: JSON with every quote doubled, which no reader reads and no prose writes. */
  doubledName: RegExp;
  /** `[<tool>(` followed by `)` or a keyword argument. */
  pythonic: RegExp;
  /**
   * An element named after a tool (`<read_file>`, `<read_file/>`, `<read_file` cut off or with a broken
   * body), also under a namespace (`<function.read_file path="a"/>`, Semantic Kernel's plans; `<tools:read_file>`).
   */
  tag: RegExp;
  /**
   * An element named for a call whose attribute names a tool (`<tool name="search">`, `<use_tool
   * name="search">`, `<use name="search">`, `<call tool="search" q="a"/>`); elements of other names (`<input name="search">`
   * in an HTML answer) are left alone, and so is `<invoke name=..>`, which is a marker of its own
   * (MuseGlimmer's `<atem:invoke>` in a message to the user is talk about a call).
   */
  attribute: RegExp;
  /** A line that is only a directive naming a tool, as agents write calls into text (goose: `Using tool: shell`). */
  directive: RegExp;
  /** A tool's name right before a JSON object and its first key (`read_file{"path": ..}`, `name-then-json.ts`; `[read_file]{..}`, `read_file -> {..}`). */
  nameJson: RegExp;
  /** `@<tool>(id): {` at a line's start (`at-name-json.ts`). */
  atName: RegExp;
  /** A harmony header naming a tool with the tokens around it gone (`commentary to=search json {..}`, `assistantcommentary to=functions.search`). */
  recipient: RegExp;
}

/** The patterns naming the offered tools; undefined when no tool has a name. */
const knownToolPatterns = lastToolList((tools): KnownToolPatterns | undefined => {
  const names = tools.map((tool) => tool.name).filter((toolName) => toolName !== '');
  if (names.length === 0) return undefined;
  const alternatives = names.map(escapeRegExp).join('|');
  return {
    // The key's opening quote may be lost (a reply cut at its start: `name": "search"`) and the quotes
    // doubled (`""search"`, or every quote as a C# or CSV string writes them: `{""name"": ""search""}`);
    // `action` names the tool in the agent formats (`{"action": "search"}`).
    // The name may carry the `functions.` namespace, as OpenAI's parallel tool use writes it
    // (`{"tool_uses": [{"recipient_name": "functions.search", "parameters": {..}}]}`).
    jsonName: new RegExp(`(?<![\\w-])["']{0,2}(?:name|tool_name|tool|function|action|recipient_name|recipient)["']{1,2}\\s*:\\s*["']{1,2}(?:functions\\.)?(${alternatives})["']`),
    doubledName: new RegExp(`""(?:name|tool_name|tool|function|action)""\\s*:\\s*""(${alternatives})""`),
    pythonic: new RegExp(`\\[\\s*(${alternatives})\\s*\\(\\s*(?:\\)|[A-Za-z_]\\w*\\s*=)`),
    tag: new RegExp(`<(?:[A-Za-z_][\\w-]*[.:])*(${alternatives})(?=[\\s/>]|$)`),
    attribute: new RegExp(
      `<(?:[\\w:.-]*(?:[Tt]ool|[Cc]all|[Ff]unction|[Aa]ction|[Cc]ommand)[\\w:.-]*|[Uu]se)\\s[^<>]*?(?<![\\w-])(?:name|tool|tool_name|function|function_name|action|recipient|call|command)\\s*=\\s*["']?(?:functions\\.)?(${alternatives})(?=["'\\s/>])`,
    ),
    directive: new RegExp(`^[ \\t]*using[ \\t]+tool[ \\t]*:[ \\t]*(${alternatives})[ \\t]*$`, 'im'),
    // Also the name in brackets or before an arrow (`[read_file]{..}`, `read_file -> {..}`).
    nameJson: new RegExp(`(?<!\\w)(?:\\[[ \\t]*)?(${alternatives})(?:[ \\t]*\\])?[ \\t]*(?:[-=]>[ \\t]*)?\\{\\s*["'][^"'\\n]*["']\\s*:`),
    atName: new RegExp(`^[ \\t]*@(${alternatives})(?:\\([^()\\n]*\\))?[ \\t]*:[ \\t]*\\{`, 'm'),
    recipient: new RegExp(`(?:commentary|analysis|assistant)[ \\t]*to=(${alternatives})(?![\\w.-])`),
  };
});

/** A JSON call (`"name": "<known tool>"` with arguments) or a Python-style call of a known tool. */
function knownToolCall(text: string, tools: readonly ToolSpec[]): string | undefined {
  const patterns = knownToolPatterns(tools);
  if (!patterns) return undefined;
  const json = patterns.jsonName.exec(text);
  // `"parameters": {"type": "object", ..}` is a tool definition (a JSON Schema), not a call. An
  // arguments key counts in any case style and after any word (`actionInput`, `tool_input`, `functionArgs`),
  // its quotes doubled too (`""args""`).
  if (
    json &&
    /["']{1,2}(?:[a-z]+[_-]?)?(?:arguments|args|input|params)["']{1,2}\s*:|["']{1,2}(?:[a-z]+[_-]?)?parameters["']{1,2}\s*:(?!\s*\{\s*["']{1,2}type["']{1,2}\s*:\s*["']{1,2}object["'])/i.test(text)
  )
    return json[1];
  const doubled = patterns.doubledName.exec(text);
  if (doubled) return doubled[1];
  // Quoted markup (inline code, fences, also in blockquotes and list items) is talk about a call.
  const quotedAway = maskCode(text);
  return (
    patterns.pythonic.exec(text)?.[1] ??
    patterns.tag.exec(quotedAway)?.[1] ??
    patterns.attribute.exec(quotedAway)?.[1] ??
    (quotedAway.includes('to=') ? patterns.recipient.exec(quotedAway)?.[1] : undefined) ??
    patterns.directive.exec(quotedAway)?.[1] ??
    patterns.nameJson.exec(quotedAway)?.[1] ??
    patterns.atName.exec(quotedAway)?.[1]
  );
}

/**
 * Characters one of which every call attempt found here holds (`drift-readers.ts`): each marker holds
 * `<`, `[`, `=` (`to=functions.`), `｜` (DSML) or `✿` (Qwen-Agent's labels); a JSON call a colon, a
 * Python-style call a `[`, a command line's flag a `-` (`search --query cats`), an action set off by
 * backticks (```` ```name{..}``` ````) a `{`.
 */
export const callAttemptNeeds = '<[=｜:✿(-{';

/**
 * A closed MuseGlimmer calls block: one left in a message addressed to the user (the header names the
 * recipient, and the message reader already read every call addressed to a tool) is talk about a
 * call, as Glimmer's own parser treats it, so the names in it are no call attempt.
 */
const closedMuseBlock = /<atem:function_calls>[\s\S]*?<\/atem:function_calls>/g;

/** A token as it may appear in a correction: printable, short. */
const sanitizeToken = (token: string): string => token.replace(/[^\w|｜<>▁.[\]/-]/g, '?').slice(0, 48);

/** The detail every "call could not be read" failure carries. */
export const callAttemptHint = 'write the tool call exactly in the expected shape, or give the answer as plain text without tool-call markup';

/**
 * A model's special token (`<|im_end|>`, `<｜end▁of▁sentence｜>`, and the tokens written otherwise:
 * `<end_of_turn>`, an unpaired `</s>`, `[INST]`, `control-tokens.ts`): the framing reins knows is
 * stripped before this check (an end-of-turn token at the reply's end), so one left in the reply is
 * markup no reader accounted for.
 */
const specialToken = new RegExp([/<\|[^|<>\s]{1,40}\|>|<｜[^｜<>\s]{1,40}｜>/.source, endOfTurnSource, bareControlTokenSource].join('|'));

/** The first model special token in `text` (inline code aside), as a correction may show it; undefined when none. */
export function specialTokenIn(text: string): string | undefined {
  const token = specialToken.exec(text.replace(/`[^`\n]+`/g, ''))?.[0];
  return token === undefined ? undefined : sanitizeToken(token);
}

/**
 * A harmony message header addressed to a recipient (`<|start|>assistant to=python<|channel|>`,
 * `<|channel|>commentary to=browser.open`): a call of a tool that is not offered, when no reader took it.
 */
const harmonyRecipient = /<\|channel\|>\w+\s*to=([^\s<]+)|<\|start\|>assistant\s*to=([^\s<]+)\s*<\|channel\|>/;

/**
 * A failure describing the unread call attempt in `text`, or undefined when there is none. `where`
 * says where a special token stands (in an answer, or in the prose beside calls read).
 */
const inAnswer = 'which is no part of an answer';

export function findCallAttempt(
  text: string,
  tools: readonly ToolSpec[],
  where = inAnswer,
  /** Tools the reply's read calls run: an element naming only those labels a call read (`named-tool-element.ts`). */
  called: ReadonlySet<string> = new Set(),
): ReadFailure | undefined {
  // Inline code is talk about a call; a one-line run of three backticks around a call (```{..}```) is a
  // model fencing it, which the readers read (`code-ranges.ts`), so it stays visible here too.
  const visible = text.replace(/(?<!`)(`{1,2})(?!`)[^\n]*?[^`\n]\1(?!`)/g, '');
  const hint = callAttemptHint;
  const marker = markers.find(([pattern]) => pattern.test(visible));
  if (marker) {
    const twice = duplicateKeyIn(visible);
    return { kind: 'no-decision', message: `the reply holds a tool call (${marker[1]}) that could not be read`, details: twice ? [twice, hint] : [hint] };
  }
  // A fence labelled as calls (```` ```tool_code ````) that no reader took: its label says it is no quotation (`call-fence.ts`).
  if (holdsCallFence(visible)) return { kind: 'no-decision', message: 'the reply holds a tool call (```tool_code) that could not be read', details: [hint] };
  const addressedTo = harmonyRecipient.exec(visible);
  const recipient = addressedTo?.[1] ?? addressedTo?.[2];
  if (recipient !== undefined && recipient !== 'assistant') {
    const addressed = sanitizeName(recipient);
    const message = `the reply holds a message to \`${addressed}\`, which is no offered tool (available: ${availableList(tools)}); address a tool as to=functions.<name>`;
    return { kind: 'unknown-tool', message, details: [hint], toolName: addressed };
  }
  const token = specialToken.exec(visible);
  if (token) return { kind: 'no-decision', message: `the reply holds the special token ${sanitizeToken(token[0])}, ${where}`, details: [hint] };
  // `functions.search`, `default_api.search`: a qualified name names the offered tool (`qualified-tool-names.ts`);
  // and a call escaped once more as a string (`{\"name\": \"search\", ..}`) is still a call.
  const named = withoutQualifiers(visible.includes('\\"') ? visible.replace(/\\(["'])/g, '$1') : visible, tools);
  // A call line naming a tool nobody offered (`Action: book(..)`, `#E1 = tool[x]`): an unknown tool, whatever else reads it.
  const unknown = unknownToolCallLine(named, tools);
  if (unknown !== undefined) {
    const message = `the reply holds a call of \`${sanitizeName(unknown)}\`, which is no offered tool (available: ${availableList(tools)})`;
    return { kind: 'unknown-tool', message, details: [hint], toolName: sanitizeName(unknown) };
  }
  const toolName =
    knownToolCall(named, tools) ??
    bareCallAttempt(named, tools) ??
    namedToolObject(named, tools) ??
    namedToolElement(named, tools, called) ??
    jsonNamedTool(named, tools) ??
    toolMemberObject(named, tools) ??
    toolKeyedObject(named, tools) ??
    duplicateKeyCall(named, tools) ??
    toolArgumentsInProse(named, tools) ??
    namedFencedArguments(named, tools) ??
    toolMentionAttempt(named.replace(closedMuseBlock, ''), tools, called);
  if (toolName === undefined) {
    const element =
      argumentElementAttempt(visible, tools) ??
      argumentsWrapperElement(visible) ??
      unclosedCallObject(visible) ??
      namelessElementCall(visible) ??
      callElementBody(visible, tools) ??
      callNamedElement(visible.replace(closedMuseBlock, ''), where === inAnswer) ??
      namelessArguments(visible, tools) ??
      wrappedNamelessArguments(visible, tools) ??
      unofferedToolKey(visible, tools) ??
      cutOffArguments(visible, tools) ??
      callShapedReply(visible, tools) ??
      namelessCallObject(visible);
    if (element) return { ...element, details: [hint] };
    // A tag named for a call block, outside code, in a reply where no call was read: markup, never the answer.
    if (called.size === 0 && callBlockTag.test(maskCode(visible))) return { kind: 'no-decision', message: 'the reply holds a tool call (a call tag such as <tool_use>) that could not be read', details: [hint] };
    return undefined;
  }
  const safeName = sanitizeName(toolName);
  // A key written twice is why a JSON call did not read (`duplicate-keys.ts`): the correction names it.
  const twice = duplicateKeyIn(visible);
  return { kind: 'no-decision', message: `the reply holds a call of \`${safeName}\` that could not be read`, details: twice ? [twice, hint] : [hint], toolName: safeName };
}
