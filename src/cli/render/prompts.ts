/**
 * How the CLI reaches the human. On a TTY: @clack/prompts (a text prompt for `ask_user`, a yes/no
 * confirm for approvals; Esc or Ctrl-C cancels the run). Off a TTY: one line of stdin per reply
 * (`y`/`yes` approves); when stdin ends with a question open, the run is cancelled and kept, so it
 * can be answered later with `reins resume <id>`. Questions and approvals are shown whole, never
 * shortened: an approval shows the entire call (approval-text.ts). MCP elicitation forms are asked field by field on
 * a TTY, and as one JSON line on stdin off a TTY.
 */
import { createInterface, type Interface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { confirm, isCancel, text } from '@clack/prompts';
import { PromptCancelledError } from '../../errors/prompt-cancelled-error.ts';
import type { UserChannel, UserQuestion } from '../../spec/user-channel.ts';
import type { SecretMask } from '../setup/secret-mask.ts';
import { approvalText } from './approval-text.ts';
import { askForm, describeForm, replyFromLine } from './elicitation-form.ts';
import { openInBrowser } from './open-url.ts';

export interface Prompter extends UserChannel {
  close(): void;
}

export interface PrompterOptions {
  interactive: boolean;
  input: Readable;
  output: Writable;
  mask: SecretMask;
  /** Called before a prompt is shown (stops the spinner). */
  beforePrompt: () => void;
  /** Cancels the run (prompt cancelled, or stdin ended). */
  cancel: (reason: string) => void;
}

export function createPrompter(options: PrompterOptions): Prompter {
  return options.interactive ? clackPrompter(options) : linePrompter(options);
}

function clackPrompter(options: PrompterOptions): Prompter {
  const common = { input: options.input, output: options.output };
  function settle(value: string | symbol): string;
  function settle(value: boolean | symbol): boolean;
  function settle(value: string | boolean | symbol): string | boolean {
    if (typeof value !== 'symbol' && !isCancel(value)) return value;
    options.cancel('cancelled at the prompt');
    throw new PromptCancelledError('cancelled');
  }
  return {
    async ask(question, signal) {
      options.beforePrompt();
      return settle(await text({ ...common, signal, message: options.mask.display(questionText(question)) }));
    },
    async approve(request, signal) {
      options.beforePrompt();
      const { details, question } = approvalText(request);
      for (const line of details) options.output.write(`${options.mask.display(line)}\n`);
      return settle(await confirm({ ...common, signal, message: options.mask.display(question), initialValue: false }));
    },
    async elicit(request, signal) {
      options.beforePrompt();
      return askForm(request, { ...common, signal });
    },
    async openUrl(request, signal) {
      options.beforePrompt();
      const from = request.serverName ? `MCP server ${request.serverName}` : 'An MCP server';
      options.output.write(`${options.mask.display(`${from}: ${request.message}`)}
  ${options.mask.display(request.url)}
`);
      const open = settle(await confirm({ ...common, signal, message: 'Open this URL in your browser?', initialValue: false }));
      if (open) openInBrowser(request.url);
      return open ? 'accept' : 'decline';
    },
    close() {},
  };
}

/** The question with its context (or why) and, from the envelope, what information is needed. */
function questionText(question: UserQuestion): string {
  const about = question.context ?? question.why;
  const needed = question.requiredInfo?.length ? ` [needed: ${question.requiredInfo.join(', ')}]` : '';
  return `${question.question}${about ? ` (${about})` : ''}${needed}`;
}

function linePrompter(options: PrompterOptions): Prompter {
  let lines: Interface | undefined;
  let iterator: AsyncIterator<string> | undefined;
  const readLine = async (signal?: AbortSignal): Promise<string> => {
    lines ??= createInterface({ input: options.input, terminal: false });
    iterator ??= lines[Symbol.asyncIterator]();
    signal?.throwIfAborted();
    const aborted = new Promise<never>((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason), { once: true }));
    const next = await Promise.race([iterator.next(), aborted]);
    if (next.done) {
      options.cancel('stdin ended while the run waited for a reply');
      throw new PromptCancelledError('input-ended');
    }
    return next.value;
  };
  return {
    async ask(question, signal) {
      options.beforePrompt();
      if (question.requiredInfo?.length || question.context !== undefined) options.output.write(`${options.mask.display(`  ${questionText(question)}`)}\n`);
      options.output.write('  reply (one line on stdin):\n');
      return readLine(signal);
    },
    async approve(request, signal) {
      options.beforePrompt();
      const { details, question } = approvalText(request);
      for (const line of details) options.output.write(`${options.mask.display(`  ${line}`)}\n`);
      options.output.write(`${options.mask.display(`  ${question}`)} (y/n on stdin)\n`);
      return /^\s*y(es)?\s*$/i.test(await readLine(signal));
    },
    async elicit(request, signal) {
      options.beforePrompt();
      options.output.write(`${options.mask.display(describeForm(request))}\n`);
      return replyFromLine(await readLine(signal));
    },
    close() {
      lines?.close();
    },
  };
}
