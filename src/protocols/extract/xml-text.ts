/**
 * How an XML element's content stands for text. Entities: the five predefined entities (`&lt;`, `&gt;`, `&amp;`,
 * `&quot;`, `&apos;`) and numeric character references (`&#62;`, `&#x3E;`) stand for their
 * characters. Anything else that starts with `&` is kept as written (a model's text is not
 * well-formed XML, so a stray `&` stays a `&`).
 */
const named: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function fromCodePoint(code: number, written: string): string {
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : written;
}

export function decodeXmlEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(?:(lt|gt|amp|quot|apos)|#(\d{1,7})|#x([0-9a-f]{1,6}));/gi, (written, name?: string, decimal?: string, hex?: string) => {
    if (name !== undefined) return named[name.toLowerCase()] ?? written;
    return fromCodePoint(decimal !== undefined ? Number.parseInt(decimal, 10) : Number.parseInt(hex ?? '', 16), written);
  });
}

/** A value that is one CDATA section (`<![CDATA[..]]>`, whitespace around it allowed) stands for its content. */
export const unwrapCdata = (text: string): string => /^\s*<!\[CDATA\[((?:(?!\]\]>)[\s\S])*)\]\]>\s*$/.exec(text)?.[1] ?? text;
