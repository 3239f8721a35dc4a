/**
 * A JSON object naming an offered tool under a key no reader lists (`tool-member-object.ts`) is a
 * call attempt, corrected, never the answer; JSON data that only mentions a tool stays an answer.
 */
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [
  { name: 'list_files', inputSchema: { type: 'object', properties: { folder: { type: 'string' }, hidden: { type: 'boolean' } }, required: ['folder'] } },
  { name: 'clock', inputSchema: { type: 'object', properties: {} } },
  { name: 'post_note', inputSchema: { type: 'object', properties: { body: { type: 'string' } }, required: ['body'] } },
];
const read = (text: string) => parseDecision('native', text, { tools });
const refusedNaming = (tool: string) => ({ success: false, error: { message: expect.stringContaining(`\`${tool}\``) } });

describe('a JSON object naming a tool under an unknown key', () => {
  it('is corrected when its other members are the tool\'s parameters, amid prose or alone', () => {
    expect(read('Fine.\n{\n"op": "list_files",\n"folder": "docs",\n"hidden": false\n}\nThanks!')).toMatchObject(refusedNaming('list_files'));
    expect(read('{"op": "list_files", "folder": "docs", "depth": 2}')).toMatchObject(refusedNaming('list_files'));
  });

  it('is corrected when it holds its arguments under a key no reader knows, also in a list', () => {
    expect(read('{"call_name": "post_note", "payload": {"body": "hi"}}')).toMatchObject(refusedNaming('post_note'));
    expect(read('[{"run": "clock", "with": {}}]')).toMatchObject(refusedNaming('clock'));
  });

  it('is corrected when it cannot be read: cut off, or garbage after its first member', () => {
    expect(read('{\n  "run": "post_note",\n  "payload": {\n    "body": "hello",\n')).toMatchObject(refusedNaming('post_note'));
    expect(read('{\n  "run": "post_note",\n  "payload": {"body": "hello",\n###########\n')).toMatchObject(refusedNaming('post_note'));
    // Markdown escapes the underscore of the name.
    expect(read('{\n  "run": "post\\_note",\n  "payload": {\n    "body": "hello"\n')).toMatchObject(refusedNaming('post_note'));
  });

  it('stays an answer when it is a tool definition, quoted as code, or names no offered tool', () => {
    const answer = (text: string) => expect(read(text)).toMatchObject({ success: true, decision: { action: 'answer_user' } });
    answer('{"label": "list_files", "parameters": {"type": "object", "properties": {"folder": {"type": "string"}}}}');
    answer('Send something like `{"op": "list_files", "folder": "docs"}` to list a folder.');
    answer('{"op": "list_files_now", "folder": "docs"}');
  });

  it('corrects JSON holding the name of an offered tool as a value under any key: the call spelling of a framework reins has not seen', () => {
    for (const text of ['The tools: {"title": "clock", "summary": "tells the time"}', '{"state": "clock"}', '{"request": "clock"}']) {
      expect(read(text), text).toMatchObject({ success: false, error: { message: expect.stringContaining('call of `clock`') } });
    }
  });

  it('corrects an object keyed by a tool holding its arguments, alone, in a list or in an agent\'s action list (`tool-keyed-object.ts`)', () => {
    expect(read('{"post_note": {"body": "hi"}}')).toMatchObject(refusedNaming('post_note'));
    expect(read('{"state": {"goal": "look"}, "action": [{"list_files": {"folder": "docs"}}, {"clock": {}}]}')).toMatchObject(refusedNaming('list_files'));
    // A tool list echoed, a key naming no tool, or a tool's name beside other keys is no call.
    const answer = (text: string) => expect(read(text)).toMatchObject({ success: true, decision: { action: 'answer_user' } });
    answer('{"list_files": {"description": "Lists a folder.", "parameters": {"type": "object"}}}');
    answer('{"files": {"folder": "docs"}}');
    answer('{"clock": {"hour": 3}, "zone": "UTC"}');
  });
});
