import { isErrorNamed, ReinsError } from './reins-error.ts';

/** Why a model download failed. */
export type ModelDownloadFailure =
  | 'http' // the server answered with an error status
  | 'network' // the connection failed or broke off (the partial file is kept: pull again to resume)
  | 'checksum'; // the file's SHA-256 is not the one expected (the file is deleted)

/**
 * `reins models pull` could not download a model file. A broken download keeps its partial file
 * and resumes on the next pull; a checksum mismatch deletes it.
 */
export class ModelDownloadError extends ReinsError {
  static readonly errorName = 'Reins_ModelDownloadError';
  static override isInstance = isErrorNamed<ModelDownloadError>(ModelDownloadError.errorName);
  readonly fault = 'transport' as const;
  readonly failure: ModelDownloadFailure;
  /** The URL downloaded. */
  readonly source: string;
  /** The HTTP status, for `http`. */
  readonly statusCode?: number;

  constructor(message: string, fields: { failure: ModelDownloadFailure; source: string; statusCode?: number; cause?: unknown }) {
    super(message, { cause: fields.cause });
    this.failure = fields.failure;
    this.source = fields.source;
    this.statusCode = fields.statusCode;
  }
}
