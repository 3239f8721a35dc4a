/**
 * A quoted fence (``` in a > quote or a list item) is an example shown, not a call (invariant 5), but
 * inside a call's value it is that value's text: a Markdown document a call writes keeps its quoted
 * code whole, in every dialect whose values hold raw line breaks.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [{ name: 'write_doc', inputSchema: { type: 'object', properties: { path: { type: 'string' }, content: { type: 'string' } }, required: ['path', 'content'] } }];
const writers: Array<readonly [string, (content: string) => string]> = [
  ['tool-name tags', (content) => `<write_doc>\n<path>a.md</path>\n<content>${content}</content>\n</write_doc>`],
  ['qwen3-coder', (content) => `<tool_call>\n<function=write_doc>\n<parameter=path>\na.md\n</parameter>\n<parameter=content>\n${content}\n</parameter>\n</function>\n</tool_call>`],
  ['glm', (content) => `<tool_call>write_doc\n<arg_key>path</arg_key>\n<arg_value>a.md</arg_value>\n<arg_key>content</arg_key>\n<arg_value>${content}</arg_value>\n</tool_call>`],
  ['minimax', (content) => `<minimax:tool_call>\n<invoke name="write_doc">\n<parameter name="path">a.md</parameter>\n<parameter name="content">${content}</parameter>\n</invoke>\n</minimax:tool_call>`],
];
const read = (text: string) => parseDecision('native', text, { tools });

describe('a quoted fence inside a call value', () => {
  const quotedCode = 'Usage:\n> ```sh\n> npm test\n> ```\n- item\n  ```\n  code\n  ```\nend';

  it.each(writers)('%s: is the value as written, never blanked', (_name, write) => {
    const result = read(write(quotedCode));
    expect(result.success && result.decision).toMatchObject({ tool: 'write_doc', args: { path: 'a.md', content: quotedCode } });
  });

  it('is still a quotation outside any call: an example shown beside a call is not run', () => {
    const example = `Like this:\n> \`\`\`\n> <write_doc><path>x</path><content>y</content></write_doc>\n> \`\`\`\n`;
    const result = read(`${example}\n${writers[0]![1]('real')}`);
    expect(result.success && result.decisions).toEqual([expect.objectContaining({ tool: 'write_doc', args: { path: 'a.md', content: 'real' } })]);
  });

  it('property: any text with quoted fences inside a value reads back exactly, or the turn is corrected; never blanked', () => {
    const line = fc.stringMatching(/^[a-z ]{0,12}$/);
    const block = fc.tuple(fc.constantFrom('> ', '- ', '1. '), line, line).map(([marker, a, b]) => `${marker}\`\`\`\n${marker.replace(/./g, marker === '> ' ? '>' : ' ').padEnd(marker.length)}${a}\n${marker === '> ' ? '> ' : ' '.repeat(marker.length)}\`\`\`\n${b}`);
    fc.assert(
      fc.property(fc.constantFrom(...writers), fc.array(fc.oneof(line, block), { minLength: 1, maxLength: 4 }), ([name, write], parts) => {
        const content = `intro\n${parts.join('\n')}\nend`;
        const result = read(write(content));
        if (result.success) expect(result.decision, name).toMatchObject({ tool: 'write_doc', args: { content } });
      }),
    );
  });
});
