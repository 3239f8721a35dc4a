/**
 * A reply indented as a whole: every line, its first included (the indentation trimming took from it,
 * `trimmedIndent`), begins with the same run of spaces or tabs. That run is the reply's layout, as a fence
 * around the whole reply is noise (`indented-blocks.ts`), and readers get the reply without it:
 *
 *     <tool_call>                     <tool_call>
 *     <function=get_time>       ->    <function=get_time>
 *     <parameter=zone>                <parameter=zone>
 *     UTC                             UTC
 *
 * Read with the indentation kept, a value on lines of its own would carry the layout's spaces
 * (`'  UTC\n  '`), a silent misread. One line indented less (a value's own text reaching further left)
 * leaves the reply as written: nothing is taken from a value's text.
 */

/** `written` without the indentation `leading` that begins each of its lines; `written` itself when one line lacks it. */
export function withoutReplyIndent(written: string, leading: string): string {
  if (leading === '' || !written.includes('\n')) return written;
  const lines = written.split('\n');
  // The first line's indentation went with the trim; the others must all carry the same run.
  for (let index = 1; index < lines.length; index++) {
    const line = lines[index] as string;
    if (line.trim() !== '' && !line.startsWith(leading)) return written;
  }
  return lines.map((line, index) => (index === 0 ? line : line.startsWith(leading) ? line.slice(leading.length) : line.trimStart())).join('\n');
}
