// One eval: its chart (accuracy against tokens per protocol), its table per protocol and category,
// and the tasks it got wrong with the raw output beside the expected call.
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { EvalChart } from './eval-chart.js';
import { duration, ErrorPanel, forgetToken, getJson, html, modelLabel, when } from './ui-parts.js';

const percent = (fraction) => `${(fraction * 100).toFixed(1)}%`;
const whole = (value) => Math.round(value).toLocaleString('en-US');

/** An accepted call as BFCL writes it: each parameter with its accepted values. */
function expectedText(expected) {
  if (expected.kind === 'no-call') return 'no call';
  if (expected.kind === 'any-call') return 'any call';
  return expected.calls.map((call) => `${call.name}(${Object.entries(call.args).map(([name, values]) => `${name}=${JSON.stringify(values)}`).join(', ')})`).join('\n');
}

function callsText(calls) {
  return calls.length ? calls.map((call) => `${call.name}(${JSON.stringify(call.args)})`).join('\n') : 'no call';
}

function FiguresTable({ report }) {
  const rows = report.variants.flatMap((variant) => {
    const mine = report.rows.filter((row) => row.variant === variant.id);
    return [...mine.filter((row) => row.category !== 'all'), ...mine.filter((row) => row.category === 'all')];
  });
  return html`<table class="runs figures">
    <thead><tr><th>Protocol</th><th>Category</th><th class="num">Tasks</th><th class="num">Accuracy</th><th class="num">Valid 1st</th><th class="num">Corrections</th><th class="num">In tokens</th><th class="num">Out tokens</th><th class="num">p50</th><th class="num">p95</th></tr></thead>
    <tbody>${rows.map(
      (row) => html`<tr class=${row.category === 'all' ? 'total' : ''}>
        <td>${row.variant}</td><td>${row.category}</td><td class="num">${row.tasks}</td><td class="num">${percent(row.accuracy)}</td>
        <td class="num">${percent(row.validFirstReplies)}</td><td class="num">${row.corrections}</td><td class="num">${whole(row.inputTokens)}</td>
        <td class="num">${whole(row.outputTokens)}</td><td class="num">${duration(row.latencyP50Ms)}</td><td class="num">${duration(row.latencyP95Ms)}</td>
      </tr>`,
    )}</tbody>
  </table>`;
}

function FailedTasks({ report }) {
  const [variant, setVariant] = useState('');
  const failed = report.outcomes.filter((outcome) => !outcome.correct && (!variant || outcome.variant === variant));
  return html`<section class="failed">
    <h2>Failed tasks <span class="muted">${failed.length}</span></h2>
    <label>Protocol <select name="variant" value=${variant} onChange=${(event) => setVariant(event.currentTarget.value)}>
      <option value="">any</option>${report.variants.map((item) => html`<option value=${item.id}>${item.id}</option>`)}
    </select></label>
    <table class="runs failed-tasks">
      <thead><tr><th>Task</th><th>Protocol</th><th>Why</th><th>Raw output</th><th>Expected call</th></tr></thead>
      <tbody>${failed.slice(0, 300).map(
        (outcome) => html`<tr class="failed-task" data-task=${outcome.taskId} data-variant=${outcome.variant}>
          <td><code>${outcome.taskId}</code><div class="muted">${outcome.category}</div></td>
          <td>${outcome.variant}</td>
          <td>${outcome.reason}${outcome.error ? html`<div class="muted">${outcome.error}</div>` : ''}<div class="muted">made: ${callsText(outcome.calls)}</div></td>
          <td><pre class="raw">${outcome.raw.join('\n—\n') || '(no reply)'}</pre></td>
          <td><pre class="expected">${expectedText(outcome.expected)}</pre></td>
        </tr>`,
      )}</tbody>
    </table>
    ${failed.length > 300 && html`<p class="muted">The first 300 of ${failed.length}.</p>`}
  </section>`;
}

function EvalPage({ id }) {
  const [report, setReport] = useState(undefined);
  const [error, setError] = useState(undefined);
  useEffect(() => {
    getJson(`/api/evals/${encodeURIComponent(id)}`).then(({ ok, body }) => (ok ? setReport(body) : setError(body.error)));
  }, [id]);
  if (error) return html`<${ErrorPanel} error=${error} title="This eval cannot be shown" />`;
  if (!report) return html`<p class="muted">Loading…</p>`;
  const best = report.recommended;
  return html`
    <header class="top"><h1>Eval of ${modelLabel(report.model)}</h1><a href="/evals">all evals</a></header>
    <p class="facts">${when(report.finishedAt)} · ${report.taskCount} tasks (${report.source}, seed ${report.seed}) · ${report.categories.join(', ')}
      ${report.interrupted ? html` · <span class="status status-interrupted">interrupted</span>` : ''}</p>
    <p class="recommended">${best ? html`Recommended: <strong>${best.variant}</strong> (${percent(best.accuracy)} right, ${whole(best.tokens)} tokens a task)` : 'No recommendation: no task finished.'}</p>
    <${EvalChart} rows=${report.rows} recommended=${best} />
    <${FiguresTable} report=${report} />
    <${FailedTasks} report=${report} />`;
}

forgetToken();
const app = document.getElementById('app');
render(html`<${EvalPage} id=${app.dataset.eval} />`, app);
