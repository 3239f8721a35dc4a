/**
 * Answers a durable run that waits for the human, from any process: reads what the run waits for
 * (its `reins.waiting` event) and sends the answer to that wait's topic. A reply is sent once per
 * wait (the send's idempotency key is the run and the topic), so a doubled reply is dropped and a
 * late one never answers a later question. Needs only the database, not a launched DBOS.
 * For an approval, `true`/`yes` approves and anything else refuses.
 */
import type { DBOSClient as Client } from '@dbos-inc/dbos-sdk';
import { DBOSClient } from './dbos-sdk.ts';
import { RunNotWaitingError } from '../errors/run-not-waiting-error.ts';
import { WAITING_EVENT, type ReplyMessage, type WaitingFor } from './durable-user.ts';

/** A client has no notification listener: it polls (DBOS's default is every 10 s). */
const POLL_MS = 200;

export interface ReplyOptions {
  /** Wait this long for the run to ask, when it has not yet. @default 0 (it must be waiting now) */
  waitSeconds?: number;
}

/** The database DBOS keeps the workflows in (a `postgres://` URL), or an open DBOSClient on it. */
export type ReplyTarget = string | Client;

/**
 * @returns what the run was waiting for (the question or the approval the answer went to).
 * @throws RunNotWaitingError when the run waits for nothing (nothing is sent).
 * @example await replyToRun(process.env.REINS_STORE!, runId, 'Paris');
 */
export async function replyToRun(target: ReplyTarget, runId: string, answer: string | boolean, options: ReplyOptions = {}): Promise<WaitingFor> {
  const client = typeof target === 'string' ? await DBOSClient.create({ systemDatabaseUrl: target }) : target;
  try {
    const waiting = await waitingFor(client, runId, options.waitSeconds);
    if (!waiting) throw new RunNotWaitingError(runId);
    const text = typeof answer === 'boolean' ? (answer ? 'yes' : 'no') : answer;
    await client.send<ReplyMessage>(runId, { answer: text }, waiting.topic, `${runId}:${waiting.topic}`);
    return waiting;
  } finally {
    if (typeof target === 'string') await client.destroy();
  }
}

/** What the run waits for (after waiting up to `waitSeconds` for it to ask), or `null`. */
export async function waitingFor(client: Client, runId: string, waitSeconds = 0): Promise<WaitingFor | null> {
  return client.getEvent<WaitingFor | null>(runId, WAITING_EVENT, { timeoutSeconds: waitSeconds, pollingIntervalMs: POLL_MS });
}
