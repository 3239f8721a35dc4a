/**
 * A fenced block labelled as output: its info string names a response, a result, an output or an
 * observation (```` ```json:mcp-response:files ````, ```` ```tool_result ````, ```` ```output ````).
 * Chat apps echo what a tool returned in such fences, and a model that copies one shows a result:
 * whatever the block holds (even a whole call object) is quoted there, never a call to run.
 */

/** A word of an info string that says the block holds what something returned. */
const outputWord = /^(?:response|result|output|observation|stdout)s?$/i;

/** True when the fence line `line` (its backticks or tildes first) labels its block as output. */
export function labelsOutput(line: string): boolean {
  const info = line.replace(/^[\s>*+\-\d.)]*(?:`{3,}|~{3,})/, '').trim();
  return info !== '' && info.split(/[^A-Za-z0-9]+/).some((word) => outputWord.test(word));
}
