/**
 * First step of lenient extraction: remove what is never part of a decision: a byte-order mark,
 * reasoning that precedes the reply (`<think>`, `<thinking>`, `<reasoning>`, `<reflection>`,
 * `<thought>` blocks, a lone `</think>` closing a block the chat template opened, GPT-OSS analysis
 * channels) and one code fence wrapping the whole reply. Only leading reasoning is removed, so a
 * reply that merely mentions these tags keeps them.
 */

export interface NormalizedOutput {
  /** The text with noise removed, trimmed. */
  text: string;
  /** The reasoning that was removed, in order (not a decision; kept for diagnostics). */
  reasoning: string[];
  /** True when a code fence around the whole reply was removed (noise, so the reply counts as repaired). */
  unfenced: boolean;
}

const tags = 'think|thinking|reasoning|reflection|thought';
const leadingBlock = new RegExp(`^\\s*<(${tags})>([\\s\\S]*?)(?:</\\1>|$)`, 'i');
/** Templates that open `<think>` themselves leave only the closing tag in the output. */
const orphanClose = new RegExp(`^([^{[<][\\s\\S]*?)</(${tags})>`, 'i');
const harmonyAnalysis = /<\|channel\|>analysis<\|message\|>([\s\S]*?)(?:<\|end\|>|(?=<\|start\|>)|$)/g;
const harmonyFinal = /<\|start\|>assistant|<\|channel\|>final<\|message\|>|<\|(?:end|return)\|>/g;
const wholeFence = /^```[\w-]*[ \t]*\n([\s\S]*?)\n?```$/;

export function normalizeOutput(raw: string): NormalizedOutput {
  const reasoning: string[] = [];
  let text = raw.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  for (let block = leadingBlock.exec(text); block; block = leadingBlock.exec(text)) {
    reasoning.push((block[2] ?? '').trim());
    text = text.slice(block[0].length);
  }
  const orphan = orphanClose.exec(text);
  if (orphan && !new RegExp(`<(${tags})>`, 'i').test(orphan[1] ?? '')) {
    reasoning.push((orphan[1] ?? '').trim());
    text = text.slice(orphan[0].length);
  }
  if (/^\s*<\|(?:channel|start)\|>/.test(text)) {
    text = text.replace(harmonyAnalysis, (_match, body: string) => {
      reasoning.push(body.trim());
      return '\n';
    });
    text = text.replace(harmonyFinal, '\n');
  }
  text = text.trim();
  const fenced = wholeFence.exec(text);
  if (fenced) text = (fenced[1] ?? '').trim();
  return { text, reasoning: reasoning.filter((part) => part !== ''), unfenced: fenced !== null };
}
