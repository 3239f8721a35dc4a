// The waterfall: model calls (request to reply) and tool calls (start to end) on one time axis.
import { html } from './ui-parts.js';

export function bars(records) {
  const time = (record) => Date.parse(record.at);
  const result = [];
  let request;
  const starts = new Map();
  for (const record of records) {
    if (record.type === 'model-request') request = record;
    else if (record.type === 'model-response' && request) {
      result.push({ kind: 'model', label: `step ${record.step} model`, from: time(request), to: time(record) });
      request = undefined;
    } else if (record.type === 'tool-call-start') starts.set(record.callId, record);
    else if (record.type === 'tool-call-end' && starts.has(record.callId)) {
      result.push({ kind: 'tool', label: `step ${record.step} ${record.tool}`, from: time(starts.get(record.callId)), to: time(record) });
      starts.delete(record.callId);
    }
  }
  for (const start of starts.values()) result.push({ kind: 'tool running', label: `step ${start.step} ${start.tool}`, from: time(start), to: Date.now() });
  return result;
}

export function Waterfall({ records }) {
  const items = bars(records);
  if (items.length === 0 || records.length === 0) return null;
  const begin = Date.parse(records[0].at);
  const end = Math.max(...items.map((item) => item.to), Date.parse(records.at(-1).at), begin + 1);
  const span = end - begin;
  return html`<section class="waterfall"><h2>Waterfall <span class="muted">${span} ms</span></h2>
    ${items.map(
      (item) => html`<div class=${`bar-row ${item.kind}`}>
        <span class="bar-label">${item.label}</span>
        <span class="bar-track"><span class="bar" style=${`left:${((item.from - begin) / span) * 100}%;width:${Math.max(0.5, ((item.to - item.from) / span) * 100)}%`} title=${`${item.to - item.from} ms`}></span></span>
        <span class="bar-ms">${item.to - item.from} ms</span>
      </div>`,
    )}
  </section>`;
}
