/**
 * Every dialect reins can read, in the order drift is tried: reins' own protocols first, then the
 * dialects open models were trained on (the specific ones first, then the agent formats of LangChain
 * and LlamaIndex, then the generic readers of call shapes, special-token forms, XML-ish forms, tool-named
 * tags and pythonic calls).
 *
 * Which readers a text can concern: each reader declares the characters it needs to see
 * (`DialectReader.needs`), and a text holding none of them is never read by it. A plain-text answer
 * such as `done` holds none of `{ < [ : |` and the like, so the parse skips every dialect and the
 * call-attempt check instead of running two dozen scans that would each find nothing. Presence is
 * looked up once per text for the characters every reader together needs (a bit each).
 */
import type { DialectReader } from '../reading.ts';
import { callAttemptNeeds } from './find-call-attempt.ts';
import { atNameJsonReader } from './at-name-json.ts';
import { bashCommandFenceReader } from './bash-command-fence.ts';
import { callFenceReader } from './call-fence.ts';
import { yamlCallObjectReader } from './yaml-call-object.ts';
import { callingToolBracketReader } from './calling-tool-bracket.ts';
import { callStringsReader } from './call-strings.ts';
import { continueToolReader } from './continue-tool.ts';
import { continueXmlReader } from './continue-xml.ts';
import { mcpToolElementReader } from './mcp-tool-element.ts';
import { deepseekReader } from './deepseek.ts';
import { dspyReactReader } from './dspy-react.ts';
import { envelopeActionsReader } from './envelope-actions.ts';
import { flatCallObjectReader } from './flat-call-object.ts';
import { wrappedFlatCallReader } from './wrapped-flat-call.ts';
import { functionaryTextReader } from './functionary-text.ts';
import { glm3ToolCallReader } from './glm3-tool-call.ts';
import { functionaryV2Reader } from './functionary-v2.ts';
import { gemmaCallsReader } from './gemma-calls.ts';
import { glmKeyValuesReader } from './glm-key-values.ts';
import { genericJsonReader } from './generic-json.ts';
import { hermesReader } from './hermes.ts';
import { inklingTextReader } from './inkling-text.ts';
import { invokeToolNameReader } from './invoke-tool-name.ts';
import { jsonAgentReader } from './json-agent.ts';
import { jsonCallShapesReader } from './json-call-shapes.ts';
import { jsonDecisionReader } from './json-decision.ts';
import { kimiK3Reader } from './kimi-k3.ts';
import { lineCommandReader } from './line-command.ts';
import { llama3Reader } from './llama3.ts';
import { mistralReader } from './mistral.ts';
import { museReader } from './muse.ts';
import { nameElementCallReader } from './name-element-call.ts';
import { toolArgsElementsReader } from './tool-args-elements.ts';
import { nameThenJsonReader } from './name-then-json.ts';
import { pipeCallReader } from './pipe-call.ts';
import { pythonicCallsReader } from './pythonic-calls.ts';
import { barePythonCallsReader } from './bare-python-calls.ts';
import { labelledArgumentsCallReader } from './labelled-arguments-call.ts';
import { pythonTagCodeReader } from './python-tag-code.ts';
import { qwenXmlReader } from './qwen-xml.ts';
import { reactTextReader } from './react-text.ts';
import { labelledArgumentLinesReader } from './labelled-argument-lines.ts';
import { selfAskReader } from './self-ask.ts';
import { rewooPlanReader } from './rewoo-plan.ts';
import { tokenCallsReader } from './token-calls.ts';
import { toolRequestReader } from './tool-request.ts';
import { toolNameLineReader } from './tool-name-line.ts';
import { labelledNameInputReader } from './labelled-name-input.ts';
import { toolNameTagsReader } from './tool-name-tags.ts';
import { xmlAgentReader } from './xml-agent.ts';
import { xmlCallsReader } from './xml-calls.ts';
import { xmlToolCodeReader } from './xml-tool-code.ts';
import { tgiFunctionReader } from './tgi-function.ts';
import { thoughtCommandJsonReader } from './thought-command-json.ts';
import { namedCallElementReader } from './named-call-element.ts';
import { speakFunctionJsonReader } from './speak-function-json.ts';
import { toolKeyedActionsReader } from './tool-keyed-actions.ts';
import { codeElementCallsReader } from './code-element-calls.ts';
import { pythonFenceCallsReader } from './python-fence-calls.ts';
import { unwrappedCallsReader } from './unwrapped-calls.ts';
import { wrappedBareCallReader, wrappedToolTagsReader } from './wrapped-bare-call.ts';
import { kimiHeadsInProseReader } from './kimi-heads-in-prose.ts';

export const driftReaders: readonly DialectReader[] = [
  jsonDecisionReader,
  envelopeActionsReader,
  xmlToolCodeReader,
  lineCommandReader,
  qwenXmlReader,
  glmKeyValuesReader,
  hermesReader,
  mistralReader,
  gemmaCallsReader,
  toolRequestReader,
  deepseekReader,
  // Before ReAct: an `Action:` line with its arguments on labelled lines beside it has no `Action Input:`.
  labelledArgumentLinesReader,
  reactTextReader,
  dspyReactReader,
  jsonAgentReader,
  thoughtCommandJsonReader,
  speakFunctionJsonReader,
  toolKeyedActionsReader,
  xmlAgentReader,
  selfAskReader,
  rewooPlanReader,
  llama3Reader,
  jsonCallShapesReader,
  genericJsonReader,
  flatCallObjectReader,
  wrappedFlatCallReader,
  kimiHeadsInProseReader,
  tokenCallsReader,
  glm3ToolCallReader,
  functionaryTextReader,
  pipeCallReader,
  functionaryV2Reader,
  callingToolBracketReader,
  tgiFunctionReader,
  museReader,
  kimiK3Reader,
  inklingTextReader,
  invokeToolNameReader,
  xmlCallsReader,
  // Before the tool-name tags: a call wrapper around such tags is the wrapper's, not a plan's text.
  wrappedToolTagsReader,
  toolNameTagsReader,
  namedCallElementReader,
  toolNameLineReader,
  labelledNameInputReader,
  continueToolReader,
  bashCommandFenceReader,
  callFenceReader,
  codeElementCallsReader,
  pythonFenceCallsReader,
  yamlCallObjectReader,
  continueXmlReader,
  mcpToolElementReader,
  nameElementCallReader,
  toolArgsElementsReader,
  nameThenJsonReader,
  atNameJsonReader,
  pythonicCallsReader,
  barePythonCallsReader,
  labelledArgumentsCallReader,
  callStringsReader,
  pythonTagCodeReader,
  unwrappedCallsReader,
  wrappedBareCallReader,
];

/** Every character some drift reader or the call-attempt check needs, each once: bit `i` is `alphabet[i]`. */
const alphabet: readonly string[] = [...new Set([...driftReaders.map((reader) => reader.needs ?? ''), callAttemptNeeds].join(''))];
/** Bits in a mask: characters past them are never looked up (a reader needing one is always read). */
const bits = Math.min(alphabet.length, 30);

/** A mask matching every text: for readers that declare nothing, or a character outside `alphabet`. */
const always = -1;

/** The bits of `needs`; `always` when it is undefined or holds a character not in `alphabet` (its presence is not looked up). */
export function needsMask(needs: string | undefined): number {
  if (needs === undefined) return always;
  let mask = 0;
  for (const char of needs) {
    const bit = alphabet.indexOf(char);
    if (bit < 0 || bit >= bits) return always;
    mask |= 1 << bit;
  }
  return mask;
}

/** The bits of the `alphabet` characters that occur in `text`; with `mask`, only its characters are looked up. */
export function presentCharacters(text: string, mask = always): number {
  let present = 0;
  for (let bit = 0; bit < bits; bit++) if ((mask & (1 << bit)) !== 0 && text.includes(alphabet[bit] as string)) present |= 1 << bit;
  return present;
}

/** The mask of each drift reader, in the order of `driftReaders`. */
export const driftReaderMasks: readonly number[] = driftReaders.map((reader) => needsMask(reader.needs));
export const callAttemptMask = needsMask(callAttemptNeeds);

/**
 * Set `enabled` to false to read every text with every reader: only for the test that compares both
 * paths on the corpus and on random text (`test/protocols/reader-needs.test.ts`).
 */
export const readerSkipping = { enabled: true };

/** False when `text` (as `present`) holds none of the characters a reader with `mask` needs: it would read nothing. */
export const mayRead = (mask: number, present: number): boolean => mask === always || (mask & present) !== 0 || !readerSkipping.enabled;

/**
 * `mayRead` for one reader, looking up only the characters it needs in `text` (not the whole alphabet).
 * Each is looked up as written, so no mask is needed: a character outside `alphabet` is looked up too.
 */
export function mayReadText(needs: string | undefined, text: string): boolean {
  if (needs === undefined || !readerSkipping.enabled) return true;
  for (const char of needs as string) if (text.includes(char)) return true;
  return false;
}
