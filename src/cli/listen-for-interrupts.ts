/**
 * Ctrl-C (and SIGTERM, SIGHUP) during a command that runs something: the first one stops it gently
 * (`stop`), a second one quits at once with the cancelled exit code. `reins run`, `resume`, `demo`
 * and `eval` listen the same way.
 */
import { ExitCode } from './exit-codes.ts';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** Listens until the returned function is called. */
export function listenForInterrupts(stop: () => void): () => void {
  let interrupts = 0;
  const onSignal = () => {
    interrupts += 1;
    if (interrupts > 1) process.exit(ExitCode.cancelled);
    stop();
  };
  for (const signal of SIGNALS) process.on(signal, onSignal);
  return () => {
    for (const signal of SIGNALS) process.off(signal, onSignal);
  };
}
