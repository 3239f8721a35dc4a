/**
 * The progress of `reins models pull` on stderr: a progress bar (@clack/prompts) on a terminal, a
 * line per quarter otherwise (logs and CI stay readable).
 */
import { progress } from '@clack/prompts';

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

export interface PullProgress {
  update(received: number, total: number | undefined): void;
  done(message: string): void;
  fail(message: string): void;
}

export function pullProgress(name: string, output: NodeJS.WriteStream = process.stderr): PullProgress {
  if (output.isTTY) {
    const steps = 1000;
    const bar = progress({ max: steps, output });
    let shown = 0;
    bar.start(`Pulling ${name}`);
    return {
      update(received, total) {
        const step = total ? Math.floor((received / total) * steps) : 0;
        bar.advance(step - shown, `Pulling ${name}: ${megabytes(received)}${total ? ` of ${megabytes(total)}` : ''}`);
        shown = step;
      },
      done: (message) => bar.stop(message),
      fail: (message) => bar.error(message),
    };
  }
  let quarter = -1;
  return {
    update(received, total) {
      const now = total ? Math.floor((received / total) * 4) : 0;
      if (now === quarter) return;
      quarter = now;
      output.write(`Pulling ${name}: ${megabytes(received)}${total ? ` of ${megabytes(total)} (${now * 25}%)` : ''}\n`);
    },
    done: (message) => output.write(`${message}\n`),
    fail: (message) => output.write(`${message}\n`),
  };
}
