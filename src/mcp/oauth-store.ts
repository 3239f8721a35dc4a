/**
 * Where OAuth credentials of HTTP MCP servers live: one JSON file per server URL in reins' config
 * directory (`oauth/`, outside the session store), created with mode 0600 in a 0700 directory.
 * It holds the registered client, the tokens (refreshed by the SDK through `saveTokens`) and the PKCE
 * verifier and discovery of a flow in progress.
 */
import { createHash } from 'node:crypto';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { OAuthDiscoveryState, StoredOAuthClientInformation, StoredOAuthTokens } from '@modelcontextprotocol/client';
import envPaths from 'env-paths';

export interface OAuthRecord {
  serverUrl: string;
  client?: StoredOAuthClientInformation;
  tokens?: StoredOAuthTokens;
  codeVerifier?: string;
  /** Discovery of a flow in progress (its callback is checked against the same authorization server). */
  discovery?: OAuthDiscoveryState;
}

/** @default `$REINS_OAUTH_DIR`, else `<config dir>/reins/oauth` */
export function defaultOAuthDirectory(): string {
  return process.env.REINS_OAUTH_DIR || join(envPaths('reins', { suffix: '' }).config, 'oauth');
}

export class OAuthStore {
  readonly directory: string;

  constructor(directory = defaultOAuthDirectory()) {
    this.directory = directory;
  }

  fileFor(serverUrl: string): string {
    return join(this.directory, `${createHash('sha256').update(serverUrl).digest('hex').slice(0, 32)}.json`);
  }

  async read(serverUrl: string): Promise<OAuthRecord> {
    try {
      const record = JSON.parse(await readFile(this.fileFor(serverUrl), 'utf8')) as OAuthRecord;
      return record.serverUrl === serverUrl ? record : { serverUrl };
    } catch {
      return { serverUrl };
    }
  }

  async update(serverUrl: string, change: (record: OAuthRecord) => OAuthRecord): Promise<void> {
    await mkdir(this.directory, { recursive: true, mode: 0o700 });
    const file = this.fileFor(serverUrl);
    const next = change(await this.read(serverUrl));
    await writeFile(file, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
    // writeFile keeps the mode of an existing file: make sure it is private.
    await chmod(file, 0o600);
  }

  async remove(serverUrl: string): Promise<void> {
    await rm(this.fileFor(serverUrl), { force: true });
  }
}
