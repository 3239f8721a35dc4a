/**
 * LangChain's self-ask-with-search agent: the model asks itself `Follow up: <question>` and the one
 * tool the format allows, named `Intermediate Answer`, answers it; `So the final answer is: <answer>`
 * ends the episode. The format names its tool, so a follow-up is a call only where a tool of that
 * name is offered (elsewhere `Follow up:` is prose). The follow-up must be the reply's last line:
 * text after it (an `Intermediate answer:` the model wrote itself, another question) is refused,
 * never dropped. The lines before it are the call's reason.
 */
import { callItem, type DialectReader, failedReading, type Reading } from '../reading.ts';
import { toolInputArgs } from './tool-input.ts';

const dialect = 'self-ask';
/** The tool name the format defines. */
export const selfAskTool = 'Intermediate Answer';
const followUp = /^[ \t]*follow[ -]?up[ \t]*:[ \t]*(.*)$/gim;
const finalAnswer = /^[ \t]*so the final answer is[ \t]*:[ \t]*([\s\S]*)$/im;

export const selfAskReader: DialectReader = {
  dialect,
  needs: ':',
  read(text, { tools }): Reading | undefined {
    const tool = tools.find((candidate) => candidate.name === selfAskTool);
    if (!tool) return undefined;
    const questions = [...text.matchAll(followUp)];
    const final = finalAnswer.exec(text);
    if (questions.length === 0) {
      const answer = final?.[1]?.trim();
      return answer ? { dialect, items: [{ action: 'answer_user', answer }], thoughts: [], repaired: true } : undefined;
    }
    if (questions.length > 1) {
      return { ...failedReading(dialect, { kind: 'too-many-actions', message: `${questions.length} \`Follow up:\` questions given, one allowed per turn` }), conclusive: true };
    }
    const last = questions[0] as RegExpMatchArray;
    const end = (last.index ?? 0) + last[0].length;
    if (final || text.slice(end).trim() !== '') {
      return { ...failedReading(dialect, { kind: 'no-decision', message: 'a `Follow up:` question must be the last line, with no answer or other text after it' }), conclusive: true };
    }
    const question = (last[1] ?? '').trim();
    if (question === '') return { ...failedReading(dialect, { kind: 'no-decision', message: 'the `Follow up:` question is empty' }), conclusive: true };
    const args = toolInputArgs({ kind: 'text', value: question }, tool);
    if (!args.ok) return failedReading(dialect, args.failure);
    const reason = text.slice(0, last.index).trim();
    const spans = [[last.index ?? 0, end] as const];
    return { dialect, items: [callItem(tool.name, args.args, tools, reason)], thoughts: reason ? [{ type: 'PLAN', content: reason }] : [], repaired: true, spans };
  },
};
