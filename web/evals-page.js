// The stored evals, newest first: which model, when, and the protocol each recommends.
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { ErrorPanel, forgetToken, getJson, html, modelLabel, when } from './ui-parts.js';

function EvalsPage() {
  const [data, setData] = useState(undefined);
  const [error, setError] = useState(undefined);
  useEffect(() => {
    getJson('/api/evals').then(({ ok, body }) => (ok ? setData(body) : setError(body.error)));
  }, []);
  return html`
    <header class="top"><h1>reins evals</h1><a href="/">runs</a><span class="muted">${data ? `${data.evals.length} evals` : ''}</span></header>
    ${error && html`<${ErrorPanel} error=${error} title="The evals cannot be listed" />`}
    <table class="runs evals">
      <thead><tr><th>Model</th><th>Finished</th><th class="num">Tasks</th><th>Protocols</th><th>Recommended</th></tr></thead>
      <tbody>${(data?.evals ?? []).map(
        (item) => html`<tr class="eval-row" data-id=${item.id}>
          <td><a href=${`/evals/${item.id}`} title=${item.model}>${modelLabel(item.model)}</a></td>
          <td class="when">${when(item.finishedAt)}${item.interrupted ? html` <span class="status status-interrupted">interrupted</span>` : ''}</td>
          <td class="num">${item.taskCount}</td>
          <td>${item.variants.map((variant) => variant.id).join(', ')}</td>
          <td>${item.recommended ? `${item.recommended.variant} (${(item.recommended.accuracy * 100).toFixed(1)}%)` : ''}</td>
        </tr>`,
      )}</tbody>
    </table>
    ${data && data.evals.length === 0 && html`<p class="muted">No evals yet: run <code>reins eval --model <model></code>.</p>`}`;
}

forgetToken();
render(html`<${EvalsPage} />`, document.getElementById('app'));
