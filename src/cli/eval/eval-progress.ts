/**
 * The progress of `reins eval` on stderr: a progress bar (@clack/prompts) on a terminal, a line per
 * tenth otherwise (logs and CI stay readable). The bar's message is the running accuracy.
 */
import { progress } from '@clack/prompts';

export interface EvalProgress {
  update(done: number, total: number, correct: number): void;
  stop(message: string): void;
}

export function evalProgress(total: number, output: NodeJS.WriteStream = process.stderr): EvalProgress {
  const accuracy = (done: number, correct: number) => (done === 0 ? '' : ` · ${((correct / done) * 100).toFixed(1)}% right`);
  if (output.isTTY) {
    const bar = progress({ max: Math.max(1, total), output });
    let shown = 0;
    bar.start(`Evaluating: 0 of ${total} task runs`);
    return {
      update(done, all, correct) {
        bar.advance(done - shown, `Evaluating: ${done} of ${all} task runs${accuracy(done, correct)}`);
        shown = done;
      },
      stop: (message) => bar.stop(message),
    };
  }
  let tenth = 0;
  return {
    update(done, all, correct) {
      const now = Math.floor((done / Math.max(1, all)) * 10);
      if (now <= tenth) return;
      tenth = now;
      output.write(`Evaluating: ${done} of ${all} task runs${accuracy(done, correct)}\n`);
    },
    stop: (message) => output.write(`${message}\n`),
  };
}
