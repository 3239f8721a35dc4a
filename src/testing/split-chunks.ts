/** Splits text into chunks of `size` characters (the last may be shorter); empty text gives no chunks. */
export function splitChunks(text: string, size: number): string[] {
  const chunks: string[] = [];
  for (let index = 0; index < text.length; index += size) chunks.push(text.slice(index, index + size));
  return chunks;
}
