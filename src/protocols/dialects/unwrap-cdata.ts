/** A value that is one CDATA section (`<![CDATA[..]]>`, whitespace around it allowed) stands for its content. */
export const unwrapCdata = (text: string): string => /^\s*<!\[CDATA\[((?:(?!\]\]>)[\s\S])*)\]\]>\s*$/.exec(text)?.[1] ?? text;
