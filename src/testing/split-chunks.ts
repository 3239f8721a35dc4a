/** Splits text into chunks of `size` characters (the last may be shorter); empty text gives no chunks. */
export function splitChunks(text: string, size: number): string[] {
  const chunks: string[] = [];
  for (let start = 0; start < text.length; start += size) chunks.push(text.slice(start, start + size));
  return chunks;
}
