// The chart of one eval: accuracy (up) against tokens a task (right), one point per protocol; the
// recommended one is filled. Plain SVG from preact: a handful of points needs no chart library.
import { html } from './ui-parts.js';

const WIDTH = 640;
const HEIGHT = 300;
const MARGIN = { left: 56, right: 24, top: 16, bottom: 44 };

export function EvalChart({ rows, recommended }) {
  const totals = rows.filter((row) => row.category === 'all');
  const tokens = (row) => row.inputTokens + row.outputTokens;
  const maxTokens = Math.max(1, ...totals.map(tokens)) * 1.1;
  const x = (value) => MARGIN.left + (value / maxTokens) * (WIDTH - MARGIN.left - MARGIN.right);
  const y = (accuracy) => HEIGHT - MARGIN.bottom - accuracy * (HEIGHT - MARGIN.top - MARGIN.bottom);
  const ticks = [0, 0.25, 0.5, 0.75, 1];
  const tokenTicks = [0, 0.25, 0.5, 0.75, 1].map((share) => Math.round((maxTokens / 1.1) * share));
  return html`<figure class="eval-chart">
    <svg viewBox=${`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label="Accuracy against tokens a task, one point per protocol">
      ${ticks.map((tick) => html`<g class="grid"><line x1=${MARGIN.left} x2=${WIDTH - MARGIN.right} y1=${y(tick)} y2=${y(tick)} /><text x=${MARGIN.left - 8} y=${y(tick) + 4} text-anchor="end">${tick * 100}%</text></g>`)}
      ${tokenTicks.map((tick) => html`<text class="axis" x=${x(tick)} y=${HEIGHT - MARGIN.bottom + 16} text-anchor="middle">${tick.toLocaleString('en-US')}</text>`)}
      <text class="axis-title" x=${(WIDTH + MARGIN.left) / 2} y=${HEIGHT - 6} text-anchor="middle">tokens a task (input + output)</text>
      <text class="axis-title" transform=${`translate(14 ${(HEIGHT - MARGIN.bottom + MARGIN.top) / 2}) rotate(-90)`} text-anchor="middle">accuracy</text>
      ${totals.map(
        (row) => html`<g class=${`point${row.variant === recommended?.variant ? ' recommended' : ''}`} data-variant=${row.variant}>
          <circle cx=${x(tokens(row))} cy=${y(row.accuracy)} r="6"><title>${`${row.variant}: ${(row.accuracy * 100).toFixed(1)}% right, ${Math.round(tokens(row))} tokens a task`}</title></circle>
          <text x=${x(tokens(row)) + 9} y=${y(row.accuracy) - 8}>${row.variant}</text>
        </g>`,
      )}
    </svg>
  </figure>`;
}
