/**
 * A name written in quotes where the family writes it bare (`<function="get_weather">`,
 * `<parameter="city">`): the quotes are attribute quoting, unless an offered name holds them (a tool
 * registered as `"get current temperature"`, quotes and all). The names on offer decide, so there is
 * one reading; when both the quoted and the bare name are offered, there are two, and the call is
 * corrected.
 */
import { sanitizeName } from '../sanitize.ts';

export type QuotedName = { ok: true; name: string } | { ok: false; message: string };

const quotes = /^(["'])([\s\S]*)\1$/;

/** `written` as one of `offered` where its quotes decide; a name without quotes is returned as written. */
export function quotedName(written: string, offered: readonly string[]): QuotedName {
  const quoted = written.length >= 2 ? quotes.exec(written) : null;
  if (!quoted) return { ok: true, name: written };
  const bare = (quoted[2] ?? '').trim();
  const withQuotes = offered.includes(written);
  if (withQuotes && offered.includes(bare)) {
    return { ok: false, message: `the name \`${sanitizeName(bare)}\` is written in quotes, and it is offered both with and without them: write it exactly as offered` };
  }
  return { ok: true, name: withQuotes ? written : bare };
}
