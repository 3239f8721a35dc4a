/**
 * Who is continuing a stored run. A run has one owner at a time: the process that created it or
 * resumed it (`pid` on `host`), with a heartbeat refreshed by each write and, while the run is live,
 * every `OWNER_HEARTBEAT_MS` by the loop. An owner is dead when its pid is gone on this host, or when
 * its heartbeat is older than the store's `ownerTimeoutMs` (another host, a frozen process, a reused
 * pid). Stores refuse writes to a run whose owner is another live process (`SessionInUseError`).
 */
import type { RunOwner } from '../spec/run-owner.ts';

export type { RunOwner };

/** How often a live run refreshes its heartbeat. */
export const OWNER_HEARTBEAT_MS = 20_000;

/** After this long without a heartbeat an owner counts as dead. @default 120000 (2 minutes) */
export const DEFAULT_OWNER_TIMEOUT_MS = 120_000;

/**
 * This host's name and the process, read at call time from the runtime (`process`, `node:os` via
 * `process.getBuiltinModule`) so the root entry imports no `node:` module; `localhost` / pid 0
 * where the runtime has neither (a browser: no other process can own the run there).
 */
function hostname(): string {
  return globalThis.process?.getBuiltinModule?.('node:os')?.hostname() ?? 'localhost';
}

const process = {
  get pid(): number {
    return globalThis.process?.pid ?? 0;
  },
  kill(pid: number, signal: number): void {
    if (!globalThis.process) throw Object.assign(new Error('no processes here'), { code: 'ESRCH' });
    globalThis.process.kill(pid, signal);
  },
};

/** This process, as an owner with a fresh heartbeat. */
export function currentOwner(now = new Date()): RunOwner {
  return { pid: process.pid, host: hostname(), heartbeatAt: now.toISOString() };
}

/** True when the owner is this process. */
function isCurrentProcess(owner: Pick<RunOwner, 'pid' | 'host'>): boolean {
  return owner.pid === process.pid && owner.host === hostname();
}

/** True when the process still exists on this host (`kill -0`; EPERM means it exists). */
function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** True when another live process owns the run, so this one must not write it. */
export function ownedByAnother(owner: RunOwner | undefined, timeoutMs = DEFAULT_OWNER_TIMEOUT_MS, now = Date.now()): owner is RunOwner {
  if (!owner || isCurrentProcess(owner)) return false;
  const age = now - Date.parse(owner.heartbeatAt);
  if (!(age < timeoutMs)) return false;
  return owner.host !== hostname() || pidAlive(owner.pid);
}
