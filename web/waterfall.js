// The waterfall: model calls (request to reply) and tool calls (start to end) on one time axis, with
// the run's resumes marked. Only a live run's unfinished bars grow with the clock; a call the
// process's end cut short (`kill -9`) ends where its run's records stopped, marked `interrupted`.
import { html } from './ui-parts.js';

/** Call ids a resume reported as interrupted, with the time the records stopped before that resume. */
export function interruptions(records) {
  const cut = new Map();
  records.forEach((record, index) => {
    if (record.type !== 'run-resume') return;
    const stoppedAt = Date.parse((records[index - 1] ?? record).at);
    for (const call of record.interruptedCalls ?? []) cut.set(call.callId, stoppedAt);
  });
  return cut;
}

export function bars(records, { live = false, now = Date.now() } = {}) {
  const time = (record) => Date.parse(record.at);
  const result = [];
  let request;
  const starts = new Map();
  const cut = interruptions(records);
  const lastAt = records.length > 0 ? time(records.at(-1)) : now;
  for (const record of records) {
    if (record.type === 'model-request') request = record;
    else if (record.type === 'model-response' && request) {
      result.push({ kind: 'model', label: `step ${record.step} model`, from: time(request), to: time(record) });
      request = undefined;
    } else if (record.type === 'tool-call-start') starts.set(record.callId, record);
    else if (record.type === 'tool-call-end' && starts.has(record.callId)) {
      result.push({ kind: 'tool', label: `step ${record.step} ${record.tool}`, from: time(starts.get(record.callId)), to: time(record) });
      starts.delete(record.callId);
    } else if (record.type === 'run-resume') {
      const count = record.interruptedCalls?.length ?? 0;
      result.push({ kind: 'resume', label: `resumed${count ? ` (${count} interrupted)` : ''}`, from: time(record), to: time(record) });
    }
  }
  for (const start of starts.values()) {
    const label = `step ${start.step} ${start.tool}`;
    if (cut.has(start.callId)) result.push({ kind: 'tool interrupted', label, from: time(start), to: Math.max(time(start), cut.get(start.callId)) });
    else if (live) result.push({ kind: 'tool running', label, from: time(start), to: now });
    else result.push({ kind: 'tool interrupted', label, from: time(start), to: lastAt });
  }
  if (request && live) result.push({ kind: 'model running', label: `step ${request.step} model`, from: time(request), to: now });
  return result.sort((a, b) => a.from - b.from);
}

/** The time axis: from the first record to the last one (to now only while the run is live). */
export function timeline(records, items, { live = false, now = Date.now() } = {}) {
  const begin = Date.parse(records[0].at);
  const end = Math.max(live ? now : 0, ...items.map((item) => item.to), Date.parse(records.at(-1).at), begin + 1);
  return { begin, span: end - begin };
}

/** How long a bar took; a cut call's end is not known (the process died somewhere after its start). */
function barTime(item) {
  if (item.kind === 'resume') return '';
  if (item.kind.includes('interrupted')) return 'cut short';
  return `${item.to - item.from} ms`;
}

export function Waterfall({ records, live }) {
  if (records.length === 0) return null;
  const now = Date.now();
  const items = bars(records, { live, now });
  if (items.length === 0) return null;
  const { begin, span } = timeline(records, items, { live, now });
  return html`<section class="waterfall"><h2>Waterfall <span class="muted total">${span} ms</span></h2>
    ${items.map(
      (item) => html`<div class=${`bar-row ${item.kind}`}>
        <span class="bar-label">${item.label}</span>
        <span class="bar-track"><span class="bar" style=${`left:${((item.from - begin) / span) * 100}%;width:${Math.max(0.5, ((item.to - item.from) / span) * 100)}%`} title=${`${item.to - item.from} ms`}></span></span>
        <span class="bar-ms">${barTime(item)}</span>
      </div>`,
    )}
  </section>`;
}
