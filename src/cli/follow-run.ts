/**
 * Follows one run to its end: each event to the trace (stderr) or as a JSON line (stdout), outputs
 * (envelope `send_response`) on stdout as they come, then the answer on stdout (unless it was those
 * outputs), or what went wrong and how to continue on stderr. Returns the exit code.
 */
import type { AgentRun } from '../loop/run-result.ts';
import { ExitCode, exitCodeForRun, isNoModel } from './exit-codes.ts';
import type { JsonLinesRenderer } from './render/json-lines.ts';
import { resumeHint } from './resume-hint.ts';
import { plural, type TraceRenderer } from './render/trace.ts';
import { modelErrorText, needsModelHelp, noModelHelp } from './setup/pick-model.ts';
import type { SecretMask } from './setup/secret-mask.ts';

export interface FollowOptions {
  trace?: TraceRenderer;
  json?: JsonLinesRenderer;
  mask: SecretMask;
  /** Writes a line for the human (stderr). */
  say: (text: string) => void;
  modelString: string;
  /** For the header of a resumed run (a new run's `run-start` says it). */
  protocol: string;
  toolCount: number;
  /** The MCP servers connected, for the header. */
  servers: string[];
  stdout: { write(text: string): unknown };
}

export async function followRun(run: AgentRun, options: FollowOptions): Promise<number> {
  const { trace, json, say } = options;
  /** The answer was the outputs already printed (envelope SUCCESS_FINAL with send_response actions). */
  let delivered = false;
  for await (const event of run) {
    json?.event(event);
    if (event.type === 'run-start') say(header(event.runId, event.protocol, event.tools.length, options));
    if (event.type === 'run-resume') say(header(event.runId, options.protocol, options.toolCount, options));
    trace?.event(event);
    // Output (envelope send_response) reaches the user as it comes, on stdout like the answer.
    if (event.type === 'output' && !json) options.stdout.write(`${options.mask.display(event.text)}\n`);
    if (event.type === 'answer' && event.delivered) delivered = true;
  }
  const result = await run.result;
  trace?.pause();
  if (result.status === 'answered') {
    if (!json && !delivered) options.stdout.write(`${options.mask.display(result.answer ?? '')}\n`);
    return ExitCode.answered;
  }
  if (result.error) say(`${result.status}: ${modelErrorText(result.error)}`);
  if (isNoModel(result.error) && needsModelHelp(result.error)) say(noModelHelp(options.modelString));
  if (result.answer && result.bestEffort) say(`best-effort answer:\n${result.answer}`);
  for (const line of resumeHint(result)) say(line);
  return exitCodeForRun(result.status, result.error);
}

/** The same first line for a new run and a resumed one: run id, protocol, tools and servers, model. */
function header(runId: string, protocol: string, toolCount: number, options: FollowOptions): string {
  const servers = options.servers.length ? ` from ${plural(options.servers.length, 'server')} (${options.servers.join(', ')})` : '';
  return `run ${runId} · protocol ${protocol} · ${plural(toolCount, 'tool')}${servers} · model ${options.modelString}`;
}
