/**
 * The evals of `reins ui`: a list of the stored evals, and a page per eval with its chart (accuracy
 * against tokens, one point per protocol), its table and its failed tasks (the raw output beside the
 * expected call); and the JSON they read. Read-only, behind the same access token as the runs.
 */
import type { Hono } from 'hono';
import { EvalNotFoundError } from '../errors/eval-not-found-error.ts';
import type { EvalStore } from '../sessions/eval-store.ts';
import { notFoundHtml, pageHtml } from './page-html.ts';

export function registerEvalRoutes(app: Hono, evals: EvalStore): void {
  app.get('/evals', (c) => c.html(pageHtml('Evals', 'evals-page.js')));
  app.get('/evals/:id', async (c) => {
    const id = c.req.param('id');
    try {
      await evals.loadEval(id);
    } catch (error) {
      if (EvalNotFoundError.isInstance(error)) return c.html(notFoundHtml(`No stored eval with id "${id}".`), 404);
      throw error;
    }
    return c.html(pageHtml(`Eval ${id.slice(0, 8)}`, 'eval-page.js', { eval: id }));
  });
  app.get('/api/evals', async (c) => c.json({ evals: await evals.listEvals({ limit: 200 }) }));
  app.get('/api/evals/:id', async (c) => {
    try {
      return c.json(await evals.loadEval(c.req.param('id')));
    } catch (error) {
      const status = EvalNotFoundError.isInstance(error) ? 404 : 500;
      const { name, message } = error instanceof Error ? error : { name: 'Error', message: String(error) };
      return c.json({ error: { name, message } }, status);
    }
  });
}
