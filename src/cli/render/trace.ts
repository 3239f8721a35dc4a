/**
 * The human trace of a run, on stderr: a spinner (TTY only) while the model thinks, while servers
 * start and while a tool runs (with the tool's progress notifications), the model's
 * thoughts by type, each tool call with a short result, corrections, approvals and replies, and how
 * the run ended. Colors follow NO_COLOR / FORCE_COLOR and the TTY; secrets are masked.
 */
import type { Writable } from 'node:stream';
import picocolors from 'picocolors';
import yoctoSpinner, { type Spinner } from 'yocto-spinner';
import type { CallToolDecision, Thought } from '../../spec/decision.ts';
import type { ActionNotes } from '../../protocols/codec.ts';
import type { AgentEvent, EventOf } from '../../spec/events.ts';
import type { Usage } from '../../spec/model.ts';
import type { ToolProgress, ToolResult } from '../../tools/toolbox.ts';
import type { SecretMask } from '../setup/secret-mask.ts';

export interface TraceOptions {
  stream: Writable & { isTTY?: boolean };
  mask: SecretMask;
  /** Show a spinner while the model thinks (only on a TTY). */
  spinner: boolean;
  color: boolean;
  /** Questions and approvals are shown by interactive prompts: do not print them twice. */
  promptsShowQuestions: boolean;
  /** Also show outputs (envelope `send_response`) in the trace; off when they are printed on stdout. @default false */
  showOutputs?: boolean;
}

const SHORT = 110;

/** Colors on when FORCE_COLOR says so, off when NO_COLOR is set, else on a TTY that is not `dumb`. */
export function colorEnabled(stream: { isTTY?: boolean }, env: Record<string, string | undefined>): boolean {
  if (env.NO_COLOR) return false;
  if (env.FORCE_COLOR && env.FORCE_COLOR !== '0') return true;
  return stream.isTTY === true && env.TERM !== 'dumb';
}

export function shorten(text: string, max = SHORT): string {
  const flatText = flat(text);
  return flatText.length > max ? `${flatText.slice(0, max - 1)}…` : flatText;
}

function flat(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** `1 step`, `2 steps`. */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/**
 * What the model's usage says, its cache and reasoning details where reported, or that it reported
 * none (0 in and 0 out). Figures reins counted itself say so: `estimated tokens ...`.
 */
export function tokensText(usage: Usage): string {
  if (!usage.inputTokens && !usage.outputTokens && !usage.estimated) return 'tokens not reported';
  const cache = [
    usage.cacheReadTokens ? `${usage.cacheReadTokens} cached` : '',
    usage.cacheWriteTokens ? `${usage.cacheWriteTokens} written to cache` : '',
  ].filter(Boolean);
  const input = `${usage.inputTokens} in${cache.length ? ` (${cache.join(', ')})` : ''}`;
  const output = `${usage.outputTokens} out${usage.reasoningTokens ? ` (${usage.reasoningTokens} reasoning)` : ''}`;
  return `${usage.estimated ? 'estimated tokens' : 'tokens'} ${input} / ${output}`;
}

export class TraceRenderer {
  readonly #options: TraceOptions;
  readonly #c: ReturnType<typeof picocolors.createColors>;
  #spinner: Spinner | undefined;
  /** Thoughts of the current turn already shown while streaming. */
  #shown = 0;
  /** Their texts: a call's reason that repeats one of them is not shown again. */
  #shownTexts = new Set<string>();

  constructor(options: TraceOptions) {
    this.#options = options;
    this.#c = picocolors.createColors(options.color);
  }

  /** Writes one line (the spinner is stopped first). */
  line(text: string): void {
    this.pause();
    this.#options.stream.write(`${this.#options.mask.display(text)}\n`);
  }

  /** Shows `text` by the spinner (started if needed; only on a TTY). */
  spin(text: string): void {
    if (!this.#options.spinner) return;
    const masked = this.#options.mask.display(text);
    if (this.#spinner) this.#spinner.text = masked;
    else this.#spinner = yoctoSpinner({ text: masked, stream: this.#options.stream, handleSignals: false }).start();
  }

  /** Stops the spinner, e.g. before a prompt. */
  pause(): void {
    this.#spinner?.stop();
    this.#spinner = undefined;
  }

  event(shown: AgentEvent): void {
    // Masked before anything is shortened: a cut must never leave the start of a secret visible.
    const event = shown.type === 'model-request' ? shown : this.#options.mask.value(shown);
    const c = this.#c;
    switch (event.type) {
      case 'run-resume':
        return this.#resumed(event);
      case 'model-request':
        return this.#thinking(event);
      case 'decision-delta':
        if (event.thought) {
          this.#thought(event.step, event.thought);
          this.#shown += 1;
        }
        return;
      case 'decision':
        return this.#decision(event);
      case 'output':
        this.pause();
        if (this.#options.showOutputs) this.line(`  ${c.green('»')} ${shorten(event.text, 100)}${confidenceText(event)}`);
        return;
      case 'answer':
        if (event.confidence !== undefined) this.line(c.dim(`answer confidence ${event.confidence}`));
        return;
      case 'tool-progress':
        return this.spin(`running ${event.tool} · ${progressText(event.progress)}`);
      case 'model-retry':
        this.pause();
        return this.line(c.yellow(`  ↻ model call failed (${shorten(event.error.message, 70)}): retry ${event.attempt} in ${(event.delayMs / 1000).toFixed(1)} s`));
      case 'output-invalid':
        return this.line(c.yellow(`  ✗ invalid output (attempt ${event.attempt}): ${shorten(event.reason, 90)} · asked to correct`));
      case 'tool-result':
        return this.#toolResult(event);
      case 'tool-error':
        return this.line(c.red(`    ✗ ${shorten(event.error.message, 100)}`));
      case 'approval-request':
        if (!this.#options.promptsShowQuestions) this.line(c.magenta(`  ? approval needed for ${event.tool} (${event.reason})`));
        return;
      case 'approval-reply':
        return this.line(event.approved ? c.green(`    approved`) : c.red(`    refused`));
      case 'user-question':
        return this.#question(event);
      case 'user-reply':
        return this.line(c.dim(`    ↳ ${shorten(event.reply, 90)}`));
      case 'run-end':
        this.pause();
        if (event.status === 'answered') this.line(c.dim(`answered · ${plural(event.step, 'step')} · ${tokensText(event.usage)}`));
        return;
      default:
        return;
    }
  }

  #resumed(event: EventOf<'run-resume'>): void {
    const c = this.#c;
    this.line(c.bold(`resumed at step ${event.step}`));
    for (const call of event.interruptedCalls) this.line(c.yellow(`  ! ${call.tool} was interrupted: reported to the model as interrupted, not run again`));
    if (event.pendingQuestion && !this.#options.promptsShowQuestions) this.line(c.magenta(`  ? ${event.pendingQuestion.question}`));
  }

  /** A new model turn: the thoughts shown so far belong to the last one. */
  #thinking(event: EventOf<'model-request'>): void {
    this.#shown = 0;
    this.#shownTexts.clear();
    this.pause();
    this.spin(event.attempt > 1 ? `thinking again · step ${event.step}, attempt ${event.attempt}` : `thinking · step ${event.step}`);
  }

  /** The thoughts not streamed yet, then each action of the turn. */
  #decision(event: EventOf<'decision'>): void {
    this.pause();
    for (const thought of event.thoughts.slice(this.#shown)) this.#thought(event.step, thought);
    for (const [index, decision] of event.decisions.entries()) {
      const notes = event.actions?.[index];
      if (decision.action !== 'call_tool') {
        this.#notes(notes, decision.action === 'ask_user' ? 'question' : 'output');
        continue;
      }
      this.#call(event, decision, notes);
      if (index === 0) this.spin(`running ${decision.tool}`);
    }
  }

  /** One tool call: its reason (unless a thought said it already), the tool and its arguments, the warnings. */
  #call(event: EventOf<'decision'>, decision: CallToolDecision, notes: ActionNotes | undefined): void {
    const c = this.#c;
    if (decision.reason && !this.#shownTexts.has(flat(decision.reason))) this.#thought(event.step, { type: 'REASON', content: decision.reason });
    const handler = notes?.type && notes.type !== 'tool' ? c.dim(` [${notes.type}]`) : '';
    this.line(`  ${c.cyan('→')} ${c.bold(decision.tool)}${handler} ${c.dim(shorten(JSON.stringify(decision.args), 80))}${event.repaired ? c.dim(' (repaired)') : ''}${confidenceText(notes)}`);
    for (const warning of notes?.warnings ?? []) this.line(c.yellow(`    ! ${shorten(warning, 100)}`));
  }

  #toolResult(event: EventOf<'tool-result'>): void {
    const c = this.#c;
    const text = shorten(resultText(event.result), 90);
    const took = c.dim(`(${Math.round(event.durationMs)} ms)`);
    this.line(`    ${event.result.isError ? c.red(`← error: ${text}`) : c.dim(`← ${text}`)} ${took}`);
  }

  /** A question for the human, unless the prompt shows it. */
  #question(event: EventOf<'user-question'>): void {
    if (this.#options.promptsShowQuestions) return;
    const c = this.#c;
    const about = event.context ?? event.why;
    const needed = event.requiredInfo?.length ? c.dim(`  [needed: ${shorten(event.requiredInfo.join(', '), 60)}]`) : '';
    this.line(c.magenta(`  ? ${event.question}`) + (about ? c.dim(`  (${shorten(about, 60)})`) : '') + needed);
  }

  /** An action that is not a call (a question, an output): its confidence and warnings, when the model gave any. */
  #notes(notes: ActionNotes | undefined, what: string): void {
    if (!notes || (notes.confidence === undefined && !notes.warnings?.length)) return;
    this.line(this.#c.dim(`  · ${what}${confidenceText(notes)}`));
    for (const warning of notes.warnings ?? []) this.line(this.#c.yellow(`    ! ${shorten(warning, 100)}`));
  }

  #thought(step: number, thought: Thought): void {
    const c = this.#c;
    this.#shownTexts.add(flat(thought.content));
    this.line(`${c.dim(`step ${step}`)} ${c.blue(thought.type.padEnd(11))} ${shorten(thought.content)}`);
  }
}

/** ` (confidence 0.85)` when the model gave one. */
function confidenceText(notes: { confidence?: number } | undefined): string {
  return notes?.confidence === undefined ? '' : ` (confidence ${notes.confidence})`;
}

/** `2/4 · Step 2 done`, `50%`, or the count alone. */
function progressText(progress: ToolProgress): string {
  const count = progress.total ? `${progress.progress}/${progress.total}` : `${progress.progress}`;
  return progress.message ? `${count} · ${shorten(progress.message, 60)}` : count;
}

function resultText(result: ToolResult): string {
  const parts = result.content.map((part) => (part.type === 'text' ? part.text : `[${part.type}]`));
  return parts.join(' ') || (result.structuredContent === undefined ? '(empty)' : JSON.stringify(result.structuredContent));
}
