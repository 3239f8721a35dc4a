/**
 * The process tree of a stdio server. The server is started as the leader of its own process
 * group (`detached`), so everything it starts (`npx -y` is npm, then node; a wrapper script, then
 * the server) can be ended together with one signal to the group. Groups still alive when reins
 * exits (even by `process.exit` on a second Ctrl-C) are killed on the way out.
 */
const live = new Set<number>();
let exitHookInstalled = false;

/** True on platforms with process groups (not Windows, where only the direct child is ended). */
export const hasProcessGroups = process.platform !== 'win32';

function signalGroup(leader: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-leader, signal);
    return true;
  } catch {
    return false; // ESRCH: no process left in the group
  }
}

/** Remembers a group so it is killed if reins exits before `endProcessGroup` ran. */
export function trackProcessGroup(leader: number): void {
  if (!hasProcessGroups) return;
  live.add(leader);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const group of live) signalGroup(group, 'SIGKILL');
  });
}

/** True while any process of the group exists. */
function processGroupAlive(leader: number): boolean {
  return hasProcessGroups && signalGroup(leader, 0);
}

/**
 * Ends every process of the group: SIGTERM, then SIGKILL after `graceMs` for whatever is left.
 * Resolves once the group is empty (or, on Windows, at once).
 */
export async function endProcessGroup(leader: number, graceMs = 1000): Promise<void> {
  if (!hasProcessGroups) return;
  if (signalGroup(leader, 'SIGTERM')) {
    const deadline = Date.now() + graceMs;
    while (processGroupAlive(leader) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
    if (processGroupAlive(leader)) signalGroup(leader, 'SIGKILL');
    // A killed process may stay a zombie until its parent reaps it: wait briefly, never forever.
    const reaped = Date.now() + 500;
    while (processGroupAlive(leader) && Date.now() < reaped) await new Promise((resolve) => setTimeout(resolve, 10));
  }
  live.delete(leader);
}
