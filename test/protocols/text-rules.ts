/**
 * Per-protocol limits of the round-trip property: strings a wire format cannot carry unambiguously.
 * JSON-carried strings need none; free text (xml, line, native plain answers) cannot hold the
 * protocol's own tags or reasoning tags, carriage returns, or surrounding whitespace (it is trimmed).
 */
const tagLike = /<\/?(?:tool_code|final_answer|observation|think|thinking|reasoning|reflection|thought|name|parameters|tool_call)\b|<\|/i;

export const freeText = (value: string): boolean => value === value.trim() && !value.includes('\r') && !tagLike.test(value);

/** Plain text that no dialect reader recognises (native plain-text answers). */
export const plainText = (value: string): boolean =>
  freeText(value) && !/[{[<]/.test(value) && !/^[ \t*_`]*(?:FUNCTION_CALL|ASK_USER|FINAL_ANSWER)/m.test(value);

/** One line without the line protocol's separators and without leading markdown emphasis. */
export const lineText = (value: string): boolean => freeText(value) && !/[|\n]/.test(value) && !/^[*_`]/.test(value);

/** A positional string param: also no JSON brackets or quotes (they nest), and not empty (empty means omitted). */
export const lineParam = (value: string): boolean => lineText(value) && value !== '' && !/[[\]{}"]/.test(value);
