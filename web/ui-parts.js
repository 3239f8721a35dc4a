// Shared parts of the reins ui pages (preact + htm, no build step).
import { h } from 'preact';
import htm from 'htm';

export const html = htm.bind(h);

/** Drops the access token from the address bar once the cookie carries it. */
export function forgetToken() {
  const url = new URL(location.href);
  if (!url.searchParams.has('token')) return;
  url.searchParams.delete('token');
  history.replaceState(null, '', url);
}

export async function getJson(url) {
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  const body = await response.json().catch(() => ({ error: { name: 'Error', message: `HTTP ${response.status}` } }));
  return { ok: response.ok, status: response.status, body };
}

export function StatusBadge({ status }) {
  return html`<span class=${`status status-${status}`}>${status}</span>`;
}

export function duration(ms) {
  if (!Number.isFinite(ms)) return '';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

export function when(iso) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'medium' });
}

/** `replay:/long/path/file.json` as `replay:file.json` (as `reins sessions` shows it); other models as they are. */
export function modelLabel(model) {
  return model?.startsWith('replay:') ? `replay:${model.split(/[\\/]/).pop()}` : (model ?? '');
}

/** Pretty JSON, collapsible. */
export function Json({ value, label = 'JSON', open = false }) {
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  return html`<details class="json" open=${open}><summary>${label}</summary><pre>${text}</pre></details>`;
}

export function ErrorPanel({ error, title = 'This run cannot be shown' }) {
  return html`<section class="error-panel" role="alert"><h2>${title}</h2><p><code>${error?.name ?? 'Error'}</code> ${error?.message ?? ''}</p></section>`;
}

/** The usage of some model replies, summed (a detail is kept where a reply reports it). */
export function sumUsage(records) {
  const sum = { inputTokens: 0, outputTokens: 0, estimated: false };
  for (const record of records) {
    const usage = record.type === 'model-response' ? record.usage : undefined;
    if (!usage) continue;
    sum.inputTokens += usage.inputTokens ?? 0;
    sum.outputTokens += usage.outputTokens ?? 0;
    if (usage.cacheReadTokens !== undefined) sum.cacheReadTokens = (sum.cacheReadTokens ?? 0) + usage.cacheReadTokens;
    if (usage.estimated) sum.estimated = true;
  }
  return sum;
}

/**
 * Tokens as the CLI words them: "not reported" when the provider gave none (never a bare 0), the
 * cached part where reported, and "estimated" on figures reins counted itself.
 */
export function tokensLabel({ inputTokens, outputTokens, cacheReadTokens, estimated }) {
  if (!inputTokens && !outputTokens && !estimated) return 'tokens not reported';
  const cached = cacheReadTokens ? ` (${cacheReadTokens} cached)` : '';
  return `${estimated ? 'estimated ' : ''}${inputTokens} in${cached} / ${outputTokens} out`;
}
