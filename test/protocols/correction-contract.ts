/**
 * Contract part: corrections are short, precise, sanitized (the model's invalid tool name or arg name
 * never reaches the prompt raw) and show the expected shape once.
 */
import { expect, it } from 'vitest';
import type { Decision, Thought } from '../../src/spec/decision.ts';
import type { ModelToolCall } from '../../src/spec/model.ts';
import type { Codec } from '../../src/protocols/codec.ts';
import { contractTools } from './contract-tools.ts';

type Encode = (decisions: Decision[], thoughts: Thought[]) => { text: string; toolCalls?: ModelToolCall[] };

const evilName = 'rm -rf /; echo "pwned" $(id)';

function rejected(codec: Codec, encode: Encode, decision: Decision) {
  const { text, toolCalls } = encode([decision], []);
  const result = codec.parse(text, { tools: contractTools, toolCalls });
  if (result.success) throw new Error(`expected a rejection of ${text}`);
  return { error: result.error, correction: codec.correction(result.error, contractTools) };
}

export function expectCorrectionsSanitized(codec: Codec, encode: Encode): void {
  it('corrects an unknown tool without echoing its raw name, listing the tools, with the shape once', () => {
    const { error, correction } = rejected(codec, encode, { action: 'call_tool', tool: evilName, args: {}, reason: '' });
    expect(error.kind).toBe('unknown-tool');
    expect(error.toolName).toBe('rm-rfechopwnedid');
    expect(correction).toContain('unknown tool `rm-rfechopwnedid`, available: add, search, tag, scale, ping');
    expect(correction).not.toContain('rm -rf');
    expect(correction).not.toContain('"pwned"');
    expect(correction.split('Reply again in exactly this shape:').length).toBe(2);
    expect(correction.length).toBeLessThan(1_000);
  });

  it('corrects bad args with the precise path and type', () => {
    const { error, correction } = rejected(codec, encode, { action: 'call_tool', tool: 'add', args: { a: 'x', b: 2 }, reason: '' });
    expect(error.kind).toBe('invalid-args');
    expect(correction).toContain('invalid args for tool `add`');
    expect(correction).toContain('- `/a` must be integer');
  });

  it('sanitizes an unexpected arg name', () => {
    const { text, toolCalls } = encode([{ action: 'call_tool', tool: 'add', args: { a: 1, b: 2, 'x"\n<tool_code>': 1 }, reason: '' }], []);
    const result = codec.parse(text, { tools: contractTools, toolCalls });
    // The line protocol renders params by the schema, so the extra arg cannot even be written.
    if (codec.name === 'line') return expect(result.success).toBe(true);
    expect(result.success).toBe(false);
    if (result.success) return;
    const correction = codec.correction(result.error, contractTools);
    expect(correction).toContain('unexpected property `/xtool_code`');
    expect(correction).not.toContain('x"');
  });
}
