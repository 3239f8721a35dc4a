import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readJson } from '../../src/protocols/extract/read-json.ts';
import { nativeCodec } from '../../src/protocols/native-codec.ts';

// Damage whose repair would have to guess what the model wrote is refused with a precise message;
// damage with one reading is still repaired.
const refused = (text: string) => {
  const reading = readJson(text);
  return reading.ok ? `accepted ${JSON.stringify(reading.value)}` : reading.message;
};

describe('readJson: repairs that would guess are refused', () => {
  it.each([
    ['a key followed by no value', '{"a": 1, "b": }'],
    ['a comma where a value belongs', '{"a": , "b": 2}'],
    ['a key with no colon at the end', '{"a": 1, "b"'],
    ['a bare key with no value', '{query'],
  ])('refuses %s instead of inventing null', (_, text) => {
    expect(refused(text)).toMatch(/no value/);
  });

  it.each([
    ['an upper-case boolean', '{"a": TRUE}'],
    ['a capitalised null', '{"a": 1, "b": Null}'],
    ['a number with digit separators', '{"n": 82_461_110}'],
    ['a parenthesised tuple', '{"e": ()}'],
    ['a parenthesised value', '{"e": (1)}'],
  ])('refuses %s instead of reading it as a string', (_, text) => {
    expect(refused(text)).toMatch(/unquoted value/);
  });

  it.each([
    ['a lone quote inside a string (a stray, or a quote missing?)', '{"key": "v"alue"}'],
    ['a lone quote inside an array item', '{"a": ["x" y", "z"]}'],
    ['a quote then a comment sign (no quote after it ends a value)', '{"a": {"b": "c" # note }, "d": 1}'],
    ['a lone quote then a key (`q"` leaves one quote inside, `s"` swallows the key `r`)', '{"a": "p "q", "r": "s"}'],
    ['a doubled quote before a key (a stray quote, or a quote in the key?)', '{"" key":"val"'],
    ['a doubled closing quote (does the value end in a quote?)', '{"d": "x"", "e": 1}'],
  ])('refuses %s instead of guessing where the string ends', (_, text) => {
    expect(refused(text)).toMatch(/unescaped quote/);
  });

  it.each([
    ['quoted words inside a value', '{"key": "apple "bee" carrot"}', { key: 'apple "bee" carrot' }],
    ['markup with quoted attributes', '{\n"html": "<h3 id="aaa">x - "y"?</h3>"}', { html: '<h3 id="aaa">x - "y"?</h3>' }],
    ['quotes inside a key', '{"k"e"y": "value"}', { 'k"e"y': 'value' }],
    ['a link in Markdown', '{ "content": "[LINK]("https://google.com")" }', { content: '[LINK]("https://google.com")' }],
    ['a JSON object quoted in prose', '{"x": "the answer is {"a": "b"}, which is wrong", "y": 1}', { x: 'the answer is {"a": "b"}, which is wrong', y: 1 }],
    ['quoted words in a list item', '{"cmd": ["echo "hi" there", "-n"]}', { cmd: ['echo "hi" there', '-n'] }],
    ['two damaged strings', '{"a": "say "hi" now", "b": "a "b" c"}', { a: 'say "hi" now', b: 'a "b" c' }],
    ['a quoted closing brace (read as written, the object closes early)', '{"name": "edit", "arguments": {"content": "He said "}" there"}}', { name: 'edit', arguments: { content: 'He said "}" there' } }],
    ['a quoted closing bracket in a list item', '{"a": ["x "]" y", "z"]}', { a: ['x "]" y', 'z'] }],
  ])('reads %s where exactly one later quote can end the string', (_, text, value) => {
    expect(readJson(text)).toEqual({ ok: true, value, repaired: true });
  });

  it.each([
    ['two later quotes after closers', '{"content": "a "}" b "}" c"}'],
    ['a quoted brace then a quote left alone', '{"content": "He said "}" there}'],
  ])('refuses a string whose end is a guess after closers: %s', (_, text) => {
    expect(readJson(text).ok).toBe(false);
  });

  it.each([
    ['quotes and brackets in a line comment', '{"a": 1, // say "hi" [ it\'s\n"b": 2}', { a: 1, b: 2 }],
    ['a brace and a quote in a block comment', '{"a": 1 /* "x" } */, "b": 2}', { a: 1, b: 2 }],
    ['a literal-like word in a comment', '{"a": 1 // TRUE, not Null\n}', { a: 1 }],
    ['a block comment right after a quote', '{"a":"b"/* foo */}', { a: 'b' }],
    ['a line comment right after a quote, holding no quote', '{"a": "b"// note\n}', { a: 'b' }],
  ])('reads %s: a comment opens and closes nothing', (_, text, value) => {
    expect(readJson(text)).toEqual({ ok: true, value, repaired: true });
  });

  it.each([
    ['`//` right after a bare word (a comment, or part of `a//b`?)', '{path: a//b}', /unquoted value holds/],
    ['`//` right after a number (a comment, or `1//2`?)', '{n: 1//2}', /unquoted value holds/],
    ['a quote right before `//` and a later quote (a comment, or a URL holding a stray quote?)', '{"url": "http:"//example.com"}', /quote right before \/\/ or \/\*/],
    ['a comment ended by a lone carriage return (a line end to some readers only)', '{"a": 1, // it\'s\r"b": 2}', /lone carriage return/],
    ['a backslash before a raw line break (a line continuation, an escaped line break, or a shell continuation kept?)', '{"a": "foo\\\nbar"}', /backslash before a raw line break or tab/],
    ['a backslash before a raw tab (a tab, or a backslash and a tab?)', '{"a": "foo\\\tbar"}', /backslash before a raw line break or tab/],
  ])('refuses %s', (_, text, message) => {
    expect(refused(text)).toMatch(message);
  });

  it('leaves a quoted text that opens no object or list unread (a parameter value, not damaged JSON)', () => {
    expect(readJson('"say "hi" now"').ok).toBe(false);
  });

  it.each([
    ['a brace closing a list', '{"a": ["x", "y"}, "b": ["z"]}', { a: ['x', 'y'], b: ['z'] }],
    ['a bracket closing an object in a list', '{"a": [{"k": "v"], "b": "w"}', { a: [{ k: 'v' }], b: 'w' }],
  ])('reads %s where one reading of the wrong closer is JSON', (_, text, value) => {
    expect(readJson(text)).toEqual({ ok: true, value, repaired: true });
  });

  it('refuses, never throws, where a closer reading is no JSON even after repair', () => {
    expect(readJson('{A([}').ok).toBe(false);
  });

  it('refuses a wrong closer that reads two ways (a typo, or a closer missing before it?)', () => {
    expect(refused('{"a": {"b": [1}, "c": 2}')).toMatch(/closes a \[list\]/);
  });

  it.each([
    ['a string ending in a raw line break', '{"a": "Senior Researcher\n", "b": 1,}'],
    ['a string ending in a raw line break and indentation', '{"a": "x}```\n  ", "b": "y"'],
  ])('refuses %s (part of the value, or layout?)', (_, text) => {
    expect(refused(text)).toMatch(/raw line break/);
  });

  it.each([
    ['a regex with \\s', String.raw`{"regex": "^\s*path\(", "n": 1,}`],
    ['a Windows path', String.raw`{"path": "C:\Users\me", }`],
    ['a single-quoted string with \\l', String.raw`{"key": 'a\le',}`],
  ])('refuses %s (an invalid escape: a backslash or nothing?)', (_, text) => {
    expect(refused(text)).toMatch(/invalid escape/);
  });

  it.each([
    ['after a backslash', '{"key": "val\\'],
    ['inside a \\u escape', '{"key": "bar\\u20'],
    ['after the first half of a surrogate pair', '{"key": "bar\\ud800'],
  ])('refuses a string cut %s (which character was meant?)', (_, text) => {
    expect(refused(text)).toMatch(/inside an escape/);
  });

  it.each([
    ['a key cut after a bracket it holds', '{"['],
    ['a key cut after a brace it holds', '{"a": 1, "{'],
  ])('refuses %s, never reading the bracket as structure', (_, text) => {
    expect(refused(text)).toMatch(/no value|never closed/);
  });

  it.each([
    ['a bracket', '{"a": "x]'],
    ['a brace', '{"a": ["}'],
    ['a comma', '{"a": "b,'],
    ['a brace and more text', '{"a": "first, b: 1}'],
    ['a colon then a brace', '{"time": "12:20}'],
    ['a fence after a brace', '{"key": "value}```'],
    ['an escaped line break', '{"key": "val\\n'],
    ['plain text (the rest of the value is cut off)', '{"a": 1, "b": "sum'],
    ['nothing yet', '{"name":"'],
    ['a decision\'s argument', '{"action": "call_tool", "tool": "t", "args": {"path": "/home/us'],
  ])('refuses a never-closed string holding %s (cut short, or its closing quote missing?)', (_, text) => {
    expect(refused(text)).toMatch(/never closed/);
  });

  it('refuses a number followed by a stray quote (a number, or a string missing its opening quote?)', () => {
    expect(refused('{"n": 12345", "w": abc"}')).toMatch(/number/);
  });

  it.each([
    ['a bare path before the closing brace', '{"dir": /home}'],
    ['a bare key and value before the closing brace', '{dir: /tmp}'],
    ['a bare value before a list\'s closing bracket', '{"dirs": ["/a", /b]}'],
  ])('refuses %s (the repair would move the bracket into the value)', (_, text) => {
    expect(refused(text)).toMatch(/runs into a bracket/);
  });

  it('keeps brackets written inside quotes, and bare words that stop before the bracket', () => {
    expect(readJson("{dir: '/var/{log}'}")).toEqual({ ok: true, value: { dir: '/var/{log}' }, repaired: true });
    expect(readJson('{"mode": fast, "tags": ["a[1]"],}')).toEqual({ ok: true, value: { mode: 'fast', tags: ['a[1]'] }, repaired: true });
  });

  it('refuses a colon inside a list (an object whose braces are missing?)', () => {
    expect(refused("{'key': ['a': {'b': 1}]}")).toMatch(/inside a \[list\]/);
  });

  it.each([
    ['a trailing comma', '{"a": 1,}', { a: 1 }],
    ['a complete value cut before its closing brackets (truncation is repaired by design)', '{"a": 1, "b": ["sum"', { a: 1, b: ['sum'] }],
    ['Python literals', "{'a': True, 'b': None}", { a: true, b: null }],
    ['a written null', '{"a": null, "b": 2,}', { a: null, b: 2 }],
    ['missing closing brackets after complete values', '{"a": [1, 2', { a: [1, 2] }],
    ['escaped quotes in a string', '{"a": "say \\"hi\\"",}', { a: 'say "hi"' }],
    ['an unquoted key', '{a: "x"}', { a: 'x' }],
    ['an unquoted word value', '{"name": John}', { name: 'John' }],
    ['raw line breaks inside a string', '{"code": "a\nb\n  c", }', { code: 'a\nb\n  c' }],
    ['valid escapes and a colon inside a string in a list', String.raw`{"a": ["x: \n \" \\ \u00e9 \/"],}`, { a: ['x: \n " \\ é /'] }],
    ['a quoted null word and a parenthesis in strings', '{"a": "NULL", "b": "(1)",}', { a: 'NULL', b: '(1)' }],
  ])('still repairs %s', (_, text, value) => {
    expect(readJson(text)).toEqual({ ok: true, value, repaired: true });
  });

  it.each([
    ['prose before it', 'Here is your JSON:\n{"a": 1, "b": "x"}', { a: 1, b: 'x' }],
    ['prose and a fence around it', '\n  (1) A note.\n  ```json\n  {\n    "a": "b"\n  }\n  ```\n', { a: 'b' }],
    ['text after it', '{"a": "b"} random text', { a: 'b' }],
    ['a list dash before it', ' - {"a": ["b", "c"]}', { a: ['b', 'c'] }],
    ['prose before it, itself damaged', "Here's the call: {'a': 1,}", { a: 1 }],
    ['prose and an inline fence with its language', "Here is the output: ```json { 'a': 'b' } ```", { a: 'b' }],
  ])('reads the one JSON object with %s (a repair)', (_, text, value) => {
    expect(readJson(text)).toEqual({ ok: true, value, repaired: true });
  });

  it.each([
    ['two objects', '{"a": 1} and {"b": 2}'],
    ['an object closed early, then more keys', '{"a": "b"}, "c": "d"}'],
    ['a list before it', '[] {"a": 1}'],
    ['a word right before it (code?)', 'callback {}'],
    ['a word right after it', '{"a": 2}foo'],
  ])('never reads %s as one object (which one was meant?)', (_, text) => {
    const reading = readJson(text);
    expect(reading.ok && typeof reading.value === 'object' && reading.value !== null && !Array.isArray(reading.value)).toBe(false);
  });

  it('closes a cut free-text field of a decision where the text ends (it runs nothing)', () => {
    expect(readJson('{"action": "call_tool", "tool": "t", "args": {"a": 1}, "reason": "sum [1, 2')).toEqual({
      ok: true,
      value: { action: 'call_tool', tool: 't', args: { a: 1 }, reason: 'sum [1, 2' },
      repaired: true,
    });
  });

  it('turns the refusal into a correction of the native call', () => {
    const result = nativeCodec.parse('', { tools: [{ name: 'probe', inputSchema: { type: 'object' } }], toolCalls: [{ id: 'c1', name: 'probe', arguments: '{"path": "a", "mode": }' }] });
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.message).toMatch(/no value/);
  });
});

describe('readJson: control characters between tokens', () => {
  it('drops a control character outside every string, and keeps one inside a string as part of its value', () => {
    expect(readJson('{"unit":\u0002 "kelvin",\u001f"n": 3}')).toEqual({ ok: true, value: { unit: 'kelvin', n: 3 }, repaired: true });
    const inside = readJson('{"note": "bell\u0007here", "k":\u0003 1}');
    expect(inside.ok && inside.value).toEqual({ note: 'bell\u0007here', k: 1 });
    expect(readJson('{"a": "x\\"\u0001"}').ok).toBe(true);
  });

  it('reads the same value with or without stray control characters between tokens, and keeps one inside a string (property)', () => {
    const control = fc.integer({ min: 0, max: 31 }).filter((code) => code !== 9 && code !== 10 && code !== 13).map((code) => String.fromCharCode(code));
    const value = fc.dictionary(fc.stringMatching(/^[a-z]{1,6}$/), fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean()));
    fc.assert(
      fc.property(value, control, (object, char) => {
        const written = JSON.stringify(object, null, 1).replace(/\n/g, `${char}\n`);
        const reading = readJson(written);
        expect(reading.ok && reading.value).toEqual(object);
      }),
    );
    // Written raw inside a string, the character is part of the value.
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z ]{0,8}$/), control, fc.stringMatching(/^[a-z ]{0,8}$/), (before, char, after) => {
        const reading = readJson(`{"text": "${before}${char}${after}"}`);
        expect(reading.ok && reading.value).toEqual({ text: `${before}${char}${after}` });
      }),
    );
  });
});
