/**
 * llama.cpp's Generic format, for models without a native one: the reply is constrained to one JSON
 * object, `{"tool_call": {name, arguments}}`, `{"tool_calls": [..]}` or `{"response": "text"}`.
 * Written for reins.
 */
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [{ name: 'get_weather', inputSchema: { type: 'object', properties: { city: { type: 'string' } } } }];

describe('llama.cpp Generic format', () => {
  it('reads {"response": text} as the answer text', () => {
    for (const protocol of ['native', 'xml', 'json'] as const) {
      const result = parseDecision(protocol, '{\n  "response": "Hello, world!\\nWhat\'s up?"\n}', { tools });
      expect(result).toMatchObject({ success: true, decisions: [{ action: 'answer_user', answer: "Hello, world!\nWhat's up?" }] });
    }
  });

  it('reads {"tool_call": {name, arguments}} as the call', () => {
    const result = parseDecision('native', '{"tool_call": {"name": "get_weather", "arguments": {"city": "Oslo"}}}', { tools });
    expect(result).toMatchObject({ success: true, decisions: [{ action: 'call_tool', tool: 'get_weather', args: { city: 'Oslo' } }] });
  });

  it('leaves other JSON as written: more keys, or a response that is not text', () => {
    for (const text of ['{"response": "ok", "status": 200}', '{"response": {"code": 1}}']) {
      expect(parseDecision('native', text, { tools })).toMatchObject({ success: true, decisions: [{ action: 'answer_user', answer: text }] });
    }
  });
});
