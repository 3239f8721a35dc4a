/**
 * The HTTP app of `reins ui` (Hono): the pages, the JSON API over the sessions database, live
 * updates as server-sent events, and the static files. Every route needs the access token. The
 * database is opened read-only: the viewer never writes to the store.
 */
import { Hono, type Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { SessionNotFoundError } from '../errors/session-not-found-error.ts';
import { SqliteStore } from '../sessions/sqlite-store.ts';
import { accessToken } from './access-token.ts';
import { notFoundHtml, pageHtml } from './page-html.ts';
import { RunListQuery } from './run-list-query.ts';
import { runView } from './run-view.ts';
import { readAsset, type Asset } from './web-assets.ts';

export interface UiAppOptions {
  /** The sessions database file. */
  path: string;
  /** The access token every request must carry. */
  token: string;
  /** How often a live page's run is checked for new records, in ms. @default 250 */
  pollMs?: number;
}

export interface UiApp {
  app: Hono;
  close(): void;
}

export function createUiApp(options: UiAppOptions): UiApp {
  const store = new SqliteStore({ path: options.path, readOnly: true });
  const list = new RunListQuery(options.path);
  const pollMs = options.pollMs ?? 250;
  const app = new Hono();
  app.use('*', async (c, next) => {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Cache-Control', 'no-store');
  });
  app.use('*', accessToken(options.token));

  app.get('/', (c) => c.html(pageHtml('Runs', 'list-page.js')));
  app.get('/runs/:id', (c) => {
    const id = c.req.param('id');
    if (!list.version(id)) return c.html(notFoundHtml(`No stored run with id "${id}".`), 404);
    return c.html(pageHtml(`Run ${id.slice(0, 8)}`, 'run-page.js', { run: id }));
  });

  app.get('/api/runs', (c) => {
    const page = Number(c.req.query('page') ?? '1');
    return c.json(list.page({ status: c.req.query('status') || undefined, text: c.req.query('q') ?? '', page: Number.isFinite(page) ? page : 1 }));
  });
  app.get('/api/runs/:id', async (c) => {
    try {
      return c.json(runView(await store.loadRun(c.req.param('id'))));
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
        const version = list.version(id);
        const key = JSON.stringify(version ?? null);
        if (key !== last) {
          last = key;
          await stream.writeSSE({ event: 'change', data: key });
        }
        await stream.sleep(pollMs);
      }
    });
  });

  app.get('/web/:name', async (c) => asset(c, await readAsset('web', c.req.param('name'))));
  app.get('/vendor/:name', async (c) => asset(c, await readAsset('vendor', c.req.param('name'))));
  app.notFound((c) => c.html(notFoundHtml(`Nothing at ${c.req.path}.`), 404));

  return {
    app,
    close: () => {
      list.close();
      void store.close();
    },
  };
}

function asset(c: Context, found: Asset | undefined) {
  return found ? c.body(found.body, 200, { 'Content-Type': found.type }) : c.html(notFoundHtml('No such file.'), 404);
}
