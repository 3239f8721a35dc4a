// The runs list: newest first, filter by status and text, paginated.
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { duration, ErrorPanel, forgetToken, getJson, html, modelLabel, StatusBadge, tokensLabel, when } from './ui-parts.js';

const STATUSES = ['', 'running', 'waiting-user', 'interrupted', 'answered', 'failed', 'cancelled'];

function ListPage() {
  const initial = new URL(location.href).searchParams;
  const [status, setStatus] = useState(initial.get('status') ?? '');
  const [text, setText] = useState(initial.get('q') ?? '');
  const [page, setPage] = useState(Number(initial.get('page') ?? '1') || 1);
  const [data, setData] = useState(undefined);
  const [error, setError] = useState(undefined);

  useEffect(() => {
    const query = new URLSearchParams();
    if (status) query.set('status', status);
    if (text) query.set('q', text);
    if (page > 1) query.set('page', String(page));
    history.replaceState(null, '', `/${query.size ? `?${query}` : ''}`);
    let live = true;
    getJson(`/api/runs?${query}`).then(({ ok, body }) => {
      if (!live) return;
      setData(ok ? body : undefined);
      setError(ok ? undefined : body.error);
    });
    return () => (live = false);
  }, [status, text, page]);

  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return html`
    <header class="top"><h1>reins runs</h1><a href="/evals">evals</a><span class="muted">${data ? `${data.total} runs` : ''}</span></header>
    <form class="filters" onSubmit=${(event) => event.preventDefault()}>
      <label>Status <select name="status" value=${status} onChange=${(event) => (setStatus(event.currentTarget.value), setPage(1))}>
        ${STATUSES.map((value) => html`<option value=${value}>${value || 'any'}</option>`)}
      </select></label>
      <label>Search <input name="q" type="search" placeholder="question or id" value=${text} onInput=${(event) => (setText(event.currentTarget.value), setPage(1))} /></label>
    </form>
    ${error && html`<${ErrorPanel} error=${error} title="The runs cannot be listed" />`}
    <table class="runs">
      <thead><tr><th>Status</th><th>Question</th><th>Model</th><th>Protocol</th><th class="num">Steps</th><th class="num">Tokens</th><th class="num">Duration</th><th>Started</th></tr></thead>
      <tbody>
        ${(data?.runs ?? []).map(
          (run) => html`<tr class="run-row" data-id=${run.id}>
            <td><${StatusBadge} status=${run.status} /></td>
            <td class="question" title=${run.question}><a href=${`/runs/${run.id}`}>${run.question || '(no question)'}</a></td>
            <td title=${run.model ?? ''}>${modelLabel(run.model)}</td>
            <td>${run.protocol ?? ''}</td>
            <td class="num">${run.steps}</td>
            <td class="num">${tokensLabel({ ...run, estimated: run.tokensEstimated })}</td>
            <td class="num">${duration(run.durationMs)}</td>
            <td class="when">${when(run.createdAt)}</td>
          </tr>`,
        )}
      </tbody>
    </table>
    ${data && data.runs.length === 0 && html`<p class="muted">No runs match.</p>`}
    <nav class="pager">
      <button disabled=${page <= 1} onClick=${() => setPage(page - 1)}>Newer</button>
      <span>page ${page} of ${pages}</span>
      <button disabled=${page >= pages} onClick=${() => setPage(page + 1)}>Older</button>
    </nav>`;
}

forgetToken();
render(html`<${ListPage} />`, document.getElementById('app'));
