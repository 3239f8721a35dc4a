/**
 * How the SqliteStore keeps large data once. A record's body is stored as JSON with its large
 * strings (`BLOB_MIN_LENGTH` characters or more) taken out:
 * - a large string that appears, encoded, inside a larger one of the same record (a tool's result
 *   text inside the observation the model was shown: JSON-escaped, or XML-escaped) is kept as a
 *   reference to that place (`within`);
 * - every other large string goes to the `blobs` table once, by its SHA-256 (`blob`), so the
 *   observation stored with a tool call and the same text in the next `model-request` share a row.
 * The references are a list of JSON paths (the `refs` column), so no marker ever goes into the data.
 * Rows without `refs` (older databases) are read as they are.
 */
import { createHash } from 'node:crypto';

/** Strings at least this long are stored once. */
const BLOB_MIN_LENGTH = 4096;

type Path = (string | number)[];
type Encoding = 'plain' | 'json' | 'xml';

export type BodyRef =
  | { path: Path; blob: string }
  | { path: Path; within: { path: Path; at: number; length: number; encoding: Encoding } };

export interface CompactBody {
  json: string;
  refs: BodyRef[];
  /** New blob rows: hash to text. */
  blobs: Map<string, string>;
}

const encoders: Record<Encoding, (text: string) => string> = {
  plain: (text) => text,
  json: (text) => JSON.stringify(text).slice(1, -1).replace(/</g, '\\u003c').replace(/>/g, '\\u003e'),
  xml: (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'),
};

const decoders: Record<Encoding, (text: string) => string> = {
  plain: (text) => text,
  json: (text) => JSON.parse(`"${text}"`) as string,
  xml: (text) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'),
};

function largeStrings(value: unknown, path: Path, found: { path: Path; text: string }[]): void {
  if (typeof value === 'string') {
    if (value.length >= BLOB_MIN_LENGTH) found.push({ path, text: value });
  } else if (Array.isArray(value)) value.forEach((item, index) => largeStrings(item, [...path, index], found));
  else if (typeof value === 'object' && value !== null) for (const [name, item] of Object.entries(value)) largeStrings(item, [...path, name], found);
}

function setAt(target: unknown, path: Path, value: string): void {
  let node = target as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1)!] = value;
}

function getAt(target: unknown, path: Path): string {
  let node = target as Record<string | number, unknown>;
  for (const key of path) node = node[key] as Record<string | number, unknown>;
  return node as unknown as string;
}

/** Where `text`, in one of the encodings, sits inside one of the `larger` strings. */
function findWithin(text: string, larger: readonly { path: Path; text: string }[]): { path: Path; at: number; length: number; encoding: Encoding } | undefined {
  for (const other of larger) {
    for (const encoding of Object.keys(encoders) as Encoding[]) {
      const encoded = encoders[encoding](text);
      if (encoded.length > other.text.length) continue;
      const at = other.text.indexOf(encoded);
      if (at >= 0 && decoders[encoding](encoded) === text) return { path: other.path, at, length: encoded.length, encoding };
    }
  }
  return undefined;
}

export function compactBody(body: object): CompactBody {
  const found: { path: Path; text: string }[] = [];
  largeStrings(body, [], found);
  if (found.length === 0) return { json: JSON.stringify(body), refs: [], blobs: new Map() };
  found.sort((a, b) => b.text.length - a.text.length);
  const copy = structuredClone(body);
  const refs: BodyRef[] = [];
  const blobs = new Map<string, string>();
  const stored: { path: Path; text: string }[] = [];
  for (const item of found) {
    const within = findWithin(item.text, stored);
    if (within) refs.push({ path: item.path, within });
    else {
      const hash = createHash('sha256').update(item.text).digest('hex');
      blobs.set(hash, item.text);
      refs.push({ path: item.path, blob: hash });
      stored.push(item);
    }
    setAt(copy, item.path, '');
  }
  return { json: JSON.stringify(copy), refs, blobs };
}

/** The body as it was given to `compactBody`; `blob` reads a blob row by its hash. */
export function expandBody(json: string, refs: readonly BodyRef[], blob: (hash: string) => string): Record<string, unknown> {
  const body = JSON.parse(json) as Record<string, unknown>;
  for (const ref of refs) if ('blob' in ref) setAt(body, ref.path, blob(ref.blob));
  for (const ref of refs) {
    if (!('within' in ref)) continue;
    const { path, at, length, encoding } = ref.within;
    setAt(body, ref.path, decoders[encoding](getAt(body, path).slice(at, at + length)));
  }
  return body;
}
