// One run: header, waterfall of model and tool time, then each step's turns, tool calls and replies. Live over SSE.
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { duration, ErrorPanel, forgetToken, getJson, html, Json, modelLabel, StatusBadge, sumUsage, tokensLabel, when } from './ui-parts.js';
import { interruptions, Waterfall } from './waterfall.js';

const runId = document.getElementById('app').dataset.run;

function RepairedText({ segments }) {
  return html`<pre class="raw">${segments.map((part) =>
    part.kind === 'same' ? part.text : html`<mark class=${`repair-${part.kind}`} title=${part.kind === 'added' ? 'added by repair' : 'removed by repair'}>${part.text}</mark>`,
  )}</pre>`;
}

function RawOutput({ record, repairs }) {
  const segments = repairs[record.seq];
  return html`<div class="raw-output">
    <h4>Raw model output ${segments && html`<span class="badge repaired">repaired</span>`}</h4>
    ${segments ? html`<${RepairedText} segments=${segments} />` : html`<pre class="raw">${record.text || ''}</pre>`}
    ${record.toolCalls?.length > 0 && html`<${Json} value=${record.toolCalls} label="native tool calls" open />`}
  </div>`;
}

function Thoughts({ thoughts }) {
  if (!thoughts?.length) return null;
  return html`<ul class="thoughts">${thoughts.map((thought) => html`<li><span class="badge">${thought.type}</span> ${thought.content}</li>`)}</ul>`;
}

function Accepted({ record }) {
  return html`<div class="accepted">
    <h4>Accepted decision ${record.repaired && html`<span class="badge repaired">repaired</span>`} <span class="muted">${record.dialect}</span></h4>
    <${Thoughts} thoughts=${record.thoughts} />
    <${Json} value=${record.decisions} label=${record.decisions.map((decision) => decision.action).join(', ')} open />
  </div>`;
}

function Invalid({ record }) {
  return html`<div class="invalid">
    <h4>Invalid output <span class="badge failed">${record.kind}</span> <span class="muted">attempt ${record.attempt}</span></h4>
    <p>${record.reason}</p>
    <h4>Correction sent</h4>
    <pre class="correction">${record.correction}</pre>
  </div>`;
}

function Content({ result }) {
  return html`${(result?.content ?? []).map((block) => {
    if (block.type === 'text') return html`<pre class="result-text">${block.text}</pre>`;
    if (block.type === 'image') return html`<img class="result-image" alt="tool image" src=${`data:${block.mimeType};base64,${block.data}`} />`;
    return html`<${Json} value=${block} label=${block.type} />`;
  })}${result?.structuredContent !== undefined && html`<${Json} value=${result.structuredContent} label="structured content" />`}`;
}

/** A call with no end: still running while the run is live, else cut short by the process's end. */
function ToolCall({ start, end, live, resumed }) {
  const failed = end?.outcome === 'error' || end?.result?.isError;
  const state = end ? undefined : live && !resumed ? 'running' : 'interrupted';
  const why = resumed ? 'the process ended during the call; the resumed run told the model it was interrupted' : 'the process ended during the call';
  return html`<div class=${`tool-call ${failed ? 'tool-failed' : ''} ${state === 'interrupted' ? 'tool-interrupted' : ''}`}>
    <h4>→ ${start.tool} <span class="muted">${start.callId}</span> ${end?.durationMs !== undefined && html`<span class="muted">${duration(end.durationMs)}</span>`}
      ${state && html`<span class=${`badge ${state}`} title=${state === 'interrupted' ? why : ''}>${state}</span>`}</h4>
    <${Json} value=${start.args} label="arguments" open />
    ${end && end.outcome === 'error' && html`<p class="tool-error"><code>${end.error?.name}</code> ${end.error?.message}</p>`}
    ${end && end.outcome === 'result' && html`<details class="json" open><summary>result${end.result?.isError ? ' (error)' : ''}</summary><${Content} result=${end.result} /></details>`}
  </div>`;
}

/** The records of one step as rows: model turns (raw beside decision), tool calls, approvals, questions, resumes. */
function stepRows(records, { live, cut, last }) {
  const rows = [];
  let reply;
  let asked;
  const ends = new Map(records.filter((record) => record.type === 'tool-call-end').map((record) => [record.callId, record]));
  for (const record of records) {
    switch (record.type) {
      case 'model-request':
        asked = record;
        break;
      case 'model-response':
        reply = record;
        asked = undefined;
        break;
      case 'decision':
      case 'output-invalid':
        rows.push({ kind: 'turn', key: record.seq, reply, record });
        reply = undefined;
        break;
      case 'tool-call-start':
        rows.push({ kind: 'tool', key: record.seq, start: record, end: ends.get(record.callId), resumed: cut.has(record.callId) });
        break;
      case 'run-resume': {
        const count = record.interruptedCalls?.length ?? 0;
        const calls = count ? `: ${count} call${count === 1 ? '' : 's'} cut short, reported to the model as interrupted` : '';
        rows.push({ kind: 'note', key: record.seq, css: 'resume', text: html`Run resumed <span class="muted">${when(record.at)}</span>${calls}${record.pendingQuestion ? '; the pending question asked again' : ''}` });
        break;
      }
      case 'approval-request':
        rows.push({ kind: 'note', key: record.seq, css: 'approval', text: html`Approval asked for <b>${record.tool}</b>: ${record.reason}` });
        break;
      case 'approval-reply':
        rows.push({ kind: 'note', key: record.seq, css: 'approval', text: html`Approval for <b>${record.tool}</b>: ${record.approved ? 'approved' : 'denied'}` });
        break;
      case 'user-question':
        rows.push({ kind: 'note', key: record.seq, css: 'question', text: html`Question to the user: <b>${record.question}</b> <span class="muted">${record.why}</span>` });
        break;
      case 'user-reply':
        rows.push({ kind: 'note', key: record.seq, css: 'question', text: html`User answered: <b>${record.reply}</b>${record.automatic ? ' (automatic)' : ''}` });
        break;
      case 'model-retry':
        rows.push({ kind: 'note', key: record.seq, css: 'retry', text: html`Model call retried (attempt ${record.attempt}): ${record.error?.name}` });
        break;
      case 'answer':
        rows.push({ kind: 'note', key: record.seq, css: 'answer', text: html`Answer${record.bestEffort ? ' (best effort)' : ''}: <pre>${record.answer}</pre>` });
        break;
      case 'run-end':
        rows.push({ kind: 'note', key: record.seq, css: `end status-${record.status}`, text: html`Run ended <b>${record.status}</b>${record.error ? html` — <code>${record.error.name}</code> ${record.error.message}` : ''}` });
        break;
    }
  }
  if (reply) rows.push({ kind: 'turn', key: reply.seq, reply, record: undefined });
  // The request is the run's last record: the model is answering now (or was, when the run stopped).
  if (asked && asked === last) {
    rows.push({ kind: 'note', key: asked.seq, css: live ? 'thinking' : 'stopped', text: live ? html`The model is thinking… <span class="muted">asked ${when(asked.at)}</span>` : 'The run stopped before the model replied.' });
  }
  return rows;
}

function Step({ step, records, repairs, live, cut, last }) {
  return html`<section class="step" id=${`step-${step}`} data-step=${step}>
    <h3>Step ${step} <span class="muted">${tokensLabel(sumUsage(records))}</span></h3>
    ${stepRows(records, { live, cut, last }).map((row) => {
      if (row.kind === 'tool') return html`<${ToolCall} key=${row.key} start=${row.start} end=${row.end} live=${live} resumed=${row.resumed} />`;
      if (row.kind === 'note') return html`<div key=${row.key} class=${`note ${row.css}`}>${row.text}</div>`;
      return html`<div key=${row.key} class="turn">
        ${row.reply ? html`<${RawOutput} record=${row.reply} repairs=${repairs} />` : html`<div class="raw-output muted">no reply recorded</div>`}
        ${row.record?.type === 'decision' ? html`<${Accepted} record=${row.record} />` : row.record ? html`<${Invalid} record=${row.record} />` : html`<div class="muted">reading…</div>`}
      </div>`;
    })}
  </section>`;
}

function RunPage() {
  const [view, setView] = useState(undefined);
  const [error, setError] = useState(undefined);
  useEffect(() => {
    let live = true;
    const load = () =>
      getJson(`/api/runs/${encodeURIComponent(runId)}`).then(({ ok, body }) => {
        if (!live) return;
        setView(ok ? body : undefined);
        setError(ok ? undefined : body.error);
      });
    const events = new EventSource(`/api/runs/${encodeURIComponent(runId)}/events`);
    events.addEventListener('change', load);
    load();
    return () => {
      live = false;
      events.close();
    };
  }, []);

  if (error) return html`<p><a href="/">← all runs</a></p><${ErrorPanel} error=${error} />`;
  if (!view) return html`<p class="muted">Loading…</p>`;
  const { summary, meta, records, repairs, status } = view;
  const live = status === 'running' || status === 'waiting-user';
  const cut = interruptions(records);
  const last = records.at(-1);
  const steps = new Map();
  for (const record of records) {
    if (record.step === 0 || record.type === 'config') continue;
    if (!steps.has(record.step)) steps.set(record.step, []);
    steps.get(record.step).push(record);
  }
  return html`
    <p><a href="/">← all runs</a></p>
    <header class="run-head">
      <h1>${summary.question}</h1>
      <div class="facts"><${StatusBadge} status=${status} /> <span title=${meta.model ?? ''}>${modelLabel(meta.model)}</span> <span>${meta.protocol ?? ''}</span>
        <span>${steps.size} step${steps.size === 1 ? '' : 's'}</span> <span class="tokens">${tokensLabel(sumUsage(records))}</span> <span>${duration(Date.parse(summary.updatedAt) - Date.parse(summary.createdAt))}</span>
        <span class="muted">started ${when(summary.createdAt)}</span> <span class="muted">${summary.id}</span></div>
    </header>
    <${Waterfall} records=${records} live=${live} />
    ${[...steps].map(([step, stepRecords]) => html`<${Step} key=${step} step=${step} records=${stepRecords} repairs=${repairs} live=${live} cut=${cut} last=${last} />`)}`;
}

forgetToken();
render(html`<${RunPage} />`, document.getElementById('app'));
