/**
 * Framing a model may leave inside a plain-text answer that reins knows and strips there: DeepSeek's
 * tool-output tokens (`<｜tool▁outputs▁begin｜>`, `<｜tool▁output▁begin｜>` and their ends), which wrap
 * a tool result the model repeats; the text between them stays. Only the answer is stripped: readers
 * see the reply as written.
 */
const toolOutputTokens = /<[|｜]tool[▁_ ]outputs?[▁_ ](?:begin|end)[|｜]>/g;

/** `text` without the answer framing; the same string when it holds none. */
export function withoutAnswerFraming(text: string): string {
  if (!text.includes('tool')) return text;
  const stripped = text.replace(toolOutputTokens, '');
  return stripped === text ? text : stripped.trim();
}
