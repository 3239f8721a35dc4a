/**
 * Starts `reins ui`: the app on 127.0.0.1 only (never another interface), on the given port or a
 * free one, with a fresh access token. Resolves with the URL to open (it carries the token).
 */
import { once } from 'node:events';
import { serve, type ServerType } from '@hono/node-server';
import { ConfigError } from '../errors/config-error.ts';
import { newAccessToken } from './access-token.ts';
import type { SecretMasker } from '../sessions/secret-masker.ts';
import { createUiApp } from './ui-app.ts';

export interface StartUiOptions {
  /** The sessions store: an SQLite file (which must exist) or a `postgres://` URL. */
  location: string;
  /** The port on 127.0.0.1; a port in use is a ConfigError. @default 0 (a free port) */
  port?: number;
  /** @default a new random token */
  token?: string;
  /** @default 250 */
  pollMs?: number;
  /** Secrets masked in everything served (`UiAppOptions.secrets`). @default none */
  secrets?: SecretMasker;
}

export interface RunningUi {
  url: string;
  port: number;
  close(): Promise<void>;
}

const UI_HOST = '127.0.0.1';

export async function startUi(options: StartUiOptions): Promise<RunningUi> {
  const token = options.token ?? newAccessToken();
  const ui = createUiApp({ location: options.location, token, ...(options.pollMs === undefined ? {} : { pollMs: options.pollMs }), ...(options.secrets ? { secrets: options.secrets } : {}) });
  try {
    await ui.check();
  } catch (error) {
    await ui.close();
    throw error;
  }
  const wanted = options.port ?? 0;
  const server: ServerType = serve({ fetch: ui.app.fetch, hostname: UI_HOST, port: wanted });
  try {
    if (!server.listening) await once(server, 'listening');
  } catch (error) {
    await ui.close();
    if ((error as { code?: unknown }).code !== 'EADDRINUSE') throw error;
    throw new ConfigError(`port ${wanted} of ${UI_HOST} is already in use by another program`, { hint: 'pick another with --port <n>, or --port 0 for a free one', cause: error });
  }
  const { port } = server.address() as { port: number };
  return {
    url: `http://${UI_HOST}:${port}/?token=${token}`,
    port,
    close: async () => {
      // The server first (open event streams end), then the store they were reading.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      await closed;
      await ui.close();
    },
  };
}
