/**
 * Downloads a GGUF model into the cache: to `<name>.partial` first, resumed with an HTTP Range
 * request when a partial file is there, checked against a SHA-256 (given, or the server's
 * `X-Linked-ETag` as Hugging Face sends it for large files), then renamed. A broken download keeps
 * its partial file; a checksum mismatch deletes it.
 */
import { createHash, type Hash } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { open } from 'node:fs/promises';
import { ModelDownloadError } from '../../errors/model-download-error.ts';
import { ConfigError } from '../../errors/config-error.ts';

export interface PullModelOptions {
  /** The cache directory. */
  directory: string;
  /** Expected SHA-256 (hex). @default the server's `X-Linked-ETag` when it is one, else none */
  sha256?: string;
  /** File name in the cache. @default the URL's last path segment */
  name?: string;
  /** Progress: bytes on disk so far and the total when the server says it. */
  onProgress?: (received: number, total: number | undefined) => void;
  signal?: AbortSignal;
  /** @default globalThis.fetch */
  fetch?: typeof globalThis.fetch;
}

export interface PulledFile {
  path: string;
  bytes: number;
  sha256: string;
  /** Bytes already on disk from an earlier, broken pull. */
  resumedFrom: number;
  /** Whether the checksum was compared with an expected one. */
  verified: boolean;
}

/** `hf:<owner>/<repo>/<file.gguf>` is a Hugging Face file; anything else must be an http(s) URL. */
export function sourceUrl(source: string): string {
  const hf = /^hf:([^/]+\/[^/]+)\/(.+\.gguf)$/.exec(source);
  if (hf) return `https://huggingface.co/${hf[1]}/resolve/main/${hf[2]}`;
  if (/^https?:\/\//.test(source)) return source;
  throw new ConfigError(`cannot pull \`${source}\`: give an http(s) URL of a .gguf file, or hf:<owner>/<repo>/<file.gguf>`);
}

async function hashFile(path: string, hash: Hash): Promise<void> {
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
}

export async function pullModel(source: string, options: PullModelOptions): Promise<PulledFile> {
  const url = sourceUrl(source);
  const name = options.name ?? decodeURIComponent(basename(new URL(url).pathname));
  if (!name.endsWith('.gguf')) throw new ConfigError(`\`${name}\` is not a .gguf file name: pass --name <file.gguf>`);
  mkdirSync(options.directory, { recursive: true });
  const path = join(options.directory, name);
  const partial = `${path}.partial`;
  const resumedFrom = existsSync(partial) ? statSync(partial).size : 0;
  const response = await requestFile(url, resumedFrom, options);
  const resumed = response.status === 206;
  const complete = response.status === 416 && resumedFrom > 0; // the partial file already holds everything
  if (!response.ok && !complete) {
    throw new ModelDownloadError(`${url} answered HTTP ${response.status}`, { failure: 'http', source: url, statusCode: response.status });
  }
  const linked = response.headers.get('x-linked-etag')?.replace(/"/g, '');
  const expected = (options.sha256 ?? (linked && /^[0-9a-f]{64}$/i.test(linked) ? linked : undefined))?.toLowerCase();
  const hash = createHash('sha256');
  if (resumed || complete) await hashFile(partial, hash);
  const start = resumed || complete ? resumedFrom : 0;
  const length = Number(response.headers.get('content-length'));
  const total = complete ? resumedFrom : Number.isFinite(length) && length > 0 ? start + length : undefined;
  if (!complete && response.body) await receiveBody(response.body, { url, partial, hash, start, total, append: resumed }, options);
  const sha256 = hash.digest('hex');
  if (expected && sha256 !== expected) {
    unlinkSync(partial);
    throw new ModelDownloadError(`checksum mismatch for ${name}: expected SHA-256 ${expected}, got ${sha256}; the download was deleted`, {
      failure: 'checksum',
      source: url,
    });
  }
  renameSync(partial, path);
  writeFileSync(`${path}.sha256`, `${sha256}  ${name}\n`);
  return { path, bytes: statSync(path).size, sha256, resumedFrom: start, verified: expected !== undefined };
}

/** Asks for the file, or for its rest after the bytes a partial download holds. */
async function requestFile(url: string, resumedFrom: number, options: PullModelOptions): Promise<Response> {
  const fetchFn = options.fetch ?? globalThis.fetch;
  try {
    return await fetchFn(url, { headers: resumedFrom > 0 ? { Range: `bytes=${resumedFrom}-` } : {}, signal: options.signal });
  } catch (cause) {
    throw new ModelDownloadError(`cannot reach ${url}: ${(cause as Error).message}`, { failure: 'network', source: url, cause });
  }
}

/**
 * Writes the body to the partial file (appended when resumed), hashing and reporting progress; a
 * cut is a typed error that says to pull again. Each chunk is on disk before the next is read, so
 * every byte received before a cut is kept for the resume.
 */
async function receiveBody(
  body: ReadableStream<Uint8Array>,
  file: { url: string; partial: string; hash: Hash; start: number; total: number | undefined; append: boolean },
  options: PullModelOptions,
): Promise<void> {
  const { url, total } = file;
  let received = file.start;
  options.onProgress?.(received, total);
  const out = await open(file.partial, file.append ? 'a' : 'w');
  try {
    for await (const chunk of body) {
      await out.write(chunk);
      file.hash.update(chunk);
      received += chunk.length;
      options.onProgress?.(received, total);
    }
  } catch (cause) {
    if (options.signal?.aborted) throw options.signal.reason;
    throw new ModelDownloadError(`the download of ${url} broke off after ${received} bytes: pull again to resume`, {
      failure: 'network',
      source: url,
      cause,
    });
  } finally {
    await out.close();
  }
  if (total !== undefined && received < total) {
    throw new ModelDownloadError(`the download of ${url} ended after ${received} of ${total} bytes: pull again to resume`, { failure: 'network', source: url });
  }
}
