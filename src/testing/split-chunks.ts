/** Splits text into chunks of `size` characters (the last may be shorter); empty text gives no chunks. */
export function splitChunks(text: string, size: number): string[] {
  // Sized up front: a pushed-to array keeps room for 17 elements, and a scripted turn holds its chunks while it streams.
  const chunks = new Array<string>(Math.ceil(text.length / size));
  for (let chunk = 0; chunk < chunks.length; chunk++) chunks[chunk] = text.slice(chunk * size, (chunk + 1) * size);
  return chunks;
}
