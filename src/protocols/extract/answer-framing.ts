/**
 * Framing a model may leave inside a plain-text answer that reins knows and strips there: DeepSeek's
 * tool-output tokens (`<｜tool▁outputs▁begin｜>`, `<｜tool▁output▁begin｜>` and their ends), which wrap
 * a tool result the model repeats; the text between them stays. And one `<answer>` element around the
 * whole answer, as reasoning models trained on the `<think>..</think><answer>..</answer>` template
 * write it, closed or left open to the end, or opened by the template (only its close written): the
 * answer is its text (an `<answer>` inside the text, or two of them, stay as written).
 * And harmony's reasoning and final-channel header with its special tokens dropped by a detokenizer
 * (`analysisNeed to add.assistantfinalIt is 4.`): the answer is the text after `assistantfinal`.
 * Only the answer is stripped: readers see the reply as written.
 */
const toolOutputTokens = /<[|｜]tool[▁_ ]outputs?[▁_ ](?:begin|end)[|｜]>/g;
/**
 * Its close may be missing: RL rollouts stop generation on `</answer>` and servers drop a stop string,
 * so the element then runs to the end of the reply (a content marker left open reads so too,
 * `strip-reply-markers.ts`).
 */
const wholeAnswerElement = /^<answer>([\s\S]*?)(?:<\/answer>)?$/;
/**
 * Its opening may be the template's (a prompt ending in `<answer>`): the reply is then the answer and
 * the element's close, with no other answer tag in it.
 */
const templateOpenedAnswer = /^((?:(?!<\/?answer>)[\s\S])*)<\/answer>$/;
/**
 * `analysis..` then `assistantfinal` at the start of the answer: harmony's headers without their tokens.
 * The reasoning skipped holds no other message header (`assistantcommentary to=functions.x json{..}`):
 * a call written between the reasoning and the answer is no framing to drop.
 */
const harmonyFinalHeader = /^(?:analysis(?:(?!assistant(?:commentary|analysis)|\bto=functions\.)[\s\S])*?)?assistantfinal/;
/** How an answer either framing wraps starts (most answers fail this at once). */
const framedStart = /^\s*(?:<answer>|analysis|assistantfinal)/;

/** `text` without the answer framing; the same string when it holds none. */
export function withoutAnswerFraming(text: string): string {
  if (framedStart.test(text)) {
    const trimmed = text.trim();
    const element = wholeAnswerElement.exec(trimmed);
    if (element && !/<\/?answer>/.test(element[1] ?? '')) return (element[1] ?? '').trim();
    const header = harmonyFinalHeader.exec(trimmed);
    if (header) return trimmed.slice(header[0].length).trim();
  }
  if (text.trimEnd().endsWith('</answer>')) {
    const opened = templateOpenedAnswer.exec(text.trim());
    if (opened) return (opened[1] ?? '').trim();
  }
  if (!text.includes('tool')) return text;
  const stripped = text.replace(toolOutputTokens, '');
  return stripped === text ? text : stripped.trim();
}
