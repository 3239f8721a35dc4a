/**
 * The human of a durable run, reached by workflow messages. Before it waits, the workflow publishes
 * what it waits for as its `reins.waiting` event (a question or an approval, and the message topic
 * that answers it: one topic per wait, so a late or doubled reply never answers a later question);
 * then it waits on that topic (`DBOS.recv`), a checkpointed wait that survives restarts and
 * recovery. Replies come from any process (`replyToRun`, `reins reply`). The wait holds no step
 * and no thread: the process only keeps a pending promise, and a recovered workflow waits again.
 */
import { DBOS } from './dbos-sdk.ts';
import type { ApprovalRequest, UserChannel, UserQuestion } from '../spec/user-channel.ts';

/** The workflow event that says what a run waits for (`null` when it waits for nothing). */
export const WAITING_EVENT = 'reins.waiting';

/** The value of the `reins.waiting` event while a run waits for the human. */
export type WaitingFor =
  | { kind: 'question'; topic: string; question: UserQuestion }
  | { kind: 'approval'; topic: string; tool: string; args: Record<string, unknown>; reason: string };

type Waiting = WaitingFor extends infer W ? (W extends WaitingFor ? Omit<W, 'topic'> : never) : never;

/** The message a reply sends to the waiting topic. */
export interface ReplyMessage {
  answer: string;
}

/** How long one `DBOS.recv` waits before it is renewed (a run may wait for days). */
const WAIT_SECONDS = 24 * 60 * 60;

/** Replies that approve a call (case and spaces ignored); anything else refuses it. */
const APPROVING = new Set(['y', 'yes', 'approve', 'approved', 'allow', 'ok', 'true']);

export function approves(answer: string): boolean {
  return APPROVING.has(answer.trim().toLowerCase());
}

/** One per workflow execution: waits are numbered in order, the same on every replay. */
export function durableUser(): UserChannel {
  let waits = 0;
  const wait = async (waiting: Waiting): Promise<string> => {
    waits += 1;
    const topic = `reins.reply.${waits}`;
    await DBOS.setEvent<WaitingFor>(WAITING_EVENT, { ...waiting, topic } as WaitingFor);
    let message: ReplyMessage | null = null;
    while (message === null) message = await DBOS.recv<ReplyMessage>(topic, { timeoutSeconds: WAIT_SECONDS });
    await DBOS.setEvent<WaitingFor | null>(WAITING_EVENT, null);
    return typeof message.answer === 'string' ? message.answer : String(message.answer ?? '');
  };
  return {
    ask: (question: UserQuestion) => wait({ kind: 'question', question }),
    approve: async (request: ApprovalRequest) =>
      approves(await wait({ kind: 'approval', tool: request.tool.name, args: request.args, reason: request.reason })),
  };
}
