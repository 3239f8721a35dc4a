/**
 * How the human's reply to an `ask_user` reads to the model, in every protocol: the reply as given,
 * "no answer" for a blank one, "nobody can answer" when the run has no UserChannel. The loop words
 * live replies with it and the durable run rebuilds stored ones with it, so both agree.
 */
export const noUserReply =
  'No user is available to answer questions in this run. Continue without asking: use what you know, or answer.';

export const noAnswerReply =
  'The user gave no answer (the reply was empty). Continue without it: use what you know, or ask a clearer question.';

/** What the model reads for the human's reply: the reply, or `noAnswerReply` when it is blank. */
export function userReplyContent(reply: string): string {
  return reply.trim() === '' ? noAnswerReply : reply;
}
