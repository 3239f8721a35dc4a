/**
 * The HTTP app of `reins ui` (Hono): the pages, the JSON API over the sessions database, live
 * updates as server-sent events, and the static files. Every route needs the access token. The
 * store (an SQLite file or Postgres) is opened read-only: the viewer never writes to it.
 */
import { Hono, type Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { SessionNotFoundError } from '../errors/session-not-found-error.ts';
import { listedStatus } from '../sessions/listed-status.ts';
import { isPostgresUrl, PostgresStore } from '../sessions/postgres-store.ts';
import { PostgresEvalStore } from '../sessions/postgres-eval-store.ts';
import { SqliteEvalStore } from '../sessions/sqlite-eval-store.ts';
import { SqliteStore } from '../sessions/sqlite-store.ts';
import type { SecretMasker } from '../sessions/secret-masker.ts';
import type { EvalStore } from '../sessions/eval-store.ts';
import type { Store } from '../sessions/store.ts';
import { accessToken } from './access-token.ts';
import { CONTENT_SECURITY_POLICY, notFoundHtml, pageHtml } from './page-html.ts';
import { registerEvalRoutes } from './eval-routes.ts';
import { PostgresRunList } from './postgres-run-list.ts';
import type { RunList } from './run-list.ts';
import { SqliteRunList } from './sqlite-run-list.ts';
import { runView } from './run-view.ts';
import { readAsset, type Asset } from './web-assets.ts';

export interface UiAppOptions {
  /** The sessions store: an SQLite file (which must exist) or a `postgres://` URL. */
  location: string;
  /** The access token every request must carry. */
  token: string;
  /** How often a live page's run is checked for new records, in ms. @default 250 */
  pollMs?: number;
  /**
   * Secret values masked (in every encoding) in everything the viewer serves, for runs whose
   * writer did not mask them (the CLI masks what it stores; a library run or a worker may not).
   * @default none (served as stored)
   */
  secrets?: SecretMasker;
}

export interface UiApp {
  app: Hono;
  /** Reads the store once: rejects (`SessionStoreError`) when it cannot be read, so a viewer fails at start, not on its first page. */
  check(): Promise<void>;
  close(): Promise<void>;
}

export function createUiApp(options: UiAppOptions): UiApp {
  const sources = openUiSources(options.location);
  const app = new Hono();
  app.use('*', async (c, next) => {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Cache-Control', 'no-store');
    c.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  });
  app.use('*', accessToken(options.token));
  app.get('/', (c) => c.html(pageHtml('Runs', 'list-page.js')));
  registerRunRoutes(app, sources, {
    masked: <T>(value: T): T => (options.secrets ? options.secrets.value(value) : value),
    pollMs: options.pollMs ?? 250,
  });
  registerEvalRoutes(app, sources.evals);
  app.get('/web/:name', async (c) => asset(c, await readAsset('web', c.req.param('name'))));
  app.get('/vendor/:name', async (c) => asset(c, await readAsset('vendor', c.req.param('name'))));
  app.notFound((c) => c.html(notFoundHtml(`Nothing at ${c.req.path}.`), 404));

  return {
    app,
    check: async () => {
      await sources.list.version('');
    },
    close: async () => {
      await Promise.all([sources.list.close(), sources.store.close(), sources.evals.close()]);
    },
  };
}

/** What the UI reads, all read-only: the runs, the run list's query, the evals. */
interface UiSources {
  store: Store;
  list: RunList;
  evals: EvalStore;
}

function openUiSources(location: string): UiSources {
  if (isPostgresUrl(location)) {
    return {
      store: new PostgresStore({ url: location, readOnly: true }),
      list: new PostgresRunList(location),
      evals: new PostgresEvalStore({ url: location, readOnly: true }),
    };
  }
  return {
    store: new SqliteStore({ path: location, readOnly: true }),
    list: new SqliteRunList(location),
    evals: new SqliteEvalStore({ path: location, readOnly: true }),
  };
}

/** A run's page, the run list and a run as JSON (masked), and the server-sent changes of a run. */
function registerRunRoutes(app: Hono, { store, list }: UiSources, { masked, pollMs }: { masked: <T>(value: T) => T; pollMs: number }): void {
  // A run by its id or by a prefix of it, as the CLI takes them: a prefix redirects to the whole id.
  app.get('/runs/:id', async (c) => {
    const asked = c.req.param('id');
    if (await list.version(asked)) return c.html(pageHtml(`Run ${asked.slice(0, 8)}`, 'run-page.js', { run: asked }));
    try {
      return c.redirect(`/runs/${encodeURIComponent(await store.resolveId(asked))}`, 302);
    } catch (error) {
      if (!SessionNotFoundError.isInstance(error)) throw error;
      return c.html(notFoundHtml(error.candidates.length > 1 ? error.message : `No stored run with id "${asked}".`), 404);
    }
  });
  app.get('/api/runs', async (c) => {
    const page = Number(c.req.query('page') ?? '1');
    return c.json(masked(await list.page({ status: c.req.query('status') || undefined, text: c.req.query('q') ?? '', page: Number.isFinite(page) ? page : 1 })));
  });
  app.get('/api/runs/:id', async (c) => {
    try {
      const run = await store.loadRun(c.req.param('id'));
      return c.json(masked(runView(run, listedStatus(run.summary))));
    } catch (error) {
      const status = SessionNotFoundError.isInstance(error) ? 404 : 500;
      const { name, message } = error instanceof Error ? error : { name: 'Error', message: String(error) };
      return c.json({ error: { name, message } }, status);
    }
  });
  app.get('/api/runs/:id/events', (c) => {
    const id = c.req.param('id');
    return streamSSE(c, async (stream) => {
      let last = '';
      while (!stream.aborted && !stream.closed) {
        const version = await list.version(id);
        const key = JSON.stringify(version ?? null);
        if (key !== last) {
          last = key;
          await stream.writeSSE({ event: 'change', data: key });
        }
        await stream.sleep(pollMs);
      }
    });
  });
}

function asset(c: Context, found: Asset | undefined) {
  return found ? c.body(found.body, 200, { 'Content-Type': found.type }) : c.html(notFoundHtml('No such file.'), 404);
}
