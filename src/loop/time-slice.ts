/**
 * Fair CPU for many runs in one process. Runs share one process-wide time slice (`timeSlice.ms`,
 * a few ms): at each yield point (every loop phase, every streamed part) a run checks whether the
 * slice is spent; while it is not, the run goes on at no cost. Once spent, the run parks in a FIFO
 * queue and the event loop turns (`setImmediate`): timers, I/O and other runs' callbacks get their
 * turn, so thousands of runs whose model replies arrive together no longer run back to back in one
 * event-loop turn. After the turn a new slice starts and parked runs resume in order: each one that
 * reaches its next yield point with the slice still unspent lets the next parked run in, so a slice
 * resumes about as many runs as it has room for, never all of them at once.
 *
 * Runs already under way go before runs not yet started: a run parked at its first yield point
 * (`yieldPoint(true)`) resumes only when no started run is parked. Why: with thousands of runs
 * started at once, plain FIFO order made every started run wait behind all the others at every
 * step, so each step's state (the turn being read, the next request) lived for a whole round of
 * all runs, survived young-generation GCs and was copied out (long scavenge pauses, the longest
 * event-loop stalls). Finishing what was started keeps the runs in progress about as many as the
 * CPU serves, their per-step state short-lived, and each run's latency lower; a run not started
 * holds only what it was created with, and starts as soon as started runs wait on their models
 * (or after `timeSlice.startWithinMs` without a start, whatever started runs do).
 */

import { FifoQueue } from './fifo-queue.ts';

/** Process-wide scheduling settings. */
export const timeSlice = {
  /** Milliseconds of work after which runs yield to the event loop. @default 4 */
  ms: 4,
  /**
   * Runs not yet started wait behind started runs, but no longer than this many milliseconds
   * without one of them starting: then the next event-loop turn starts one first (so started runs
   * that never wait on I/O cannot hold new runs back for their whole length). @default 250
   */
  startWithinMs: 250,
};

/** Started runs waiting for a slice, in arrival order. */
const parked = new FifoQueue<() => void>();
/** Runs waiting for a slice at their first yield point, in arrival order: they go after `parked`. */
const starting = new FifoQueue<() => void>();
/** The clock, looked up once (`performance` is a getter on the global object). */
const clock = globalThis.performance;
/** Whether a slice is running (it ends at the next event-loop turn, `onTurn`). */
let sliceOpen = false;
let sliceStart = 0;
/** When a run last left `starting` (or `starting` last became non-empty). */
let lastStart = 0;

/** A slice starts at the first yield point after the event loop turned (idle time does not count). */
function openSlice(): void {
  sliceOpen = true;
  sliceStart = clock.now();
  setImmediate(onTurn);
}

/** The event loop turned: the slice ends; if runs are parked, a new slice starts with the first one. */
function onTurn(): void {
  sliceOpen = false;
  const next = starting.size > 0 && clock.now() - lastStart >= timeSlice.startWithinMs ? takeStarting() : nextParked();
  if (!next) return;
  openSlice();
  next();
}

function nextParked(): (() => void) | undefined {
  return parked.shift() ?? takeStarting();
}

function takeStarting(): (() => void) | undefined {
  const next = starting.shift();
  if (next) lastStart = clock.now();
  return next;
}

// One executor per queue, not a closure per park.
const parkStarted = (resolve: () => void): void => parked.push(resolve);
const parkStarting = (resolve: () => void): void => starting.push(resolve);

function park(first: boolean): Promise<void> {
  if (!first) return new Promise(parkStarted);
  if (starting.size === 0) lastStart = clock.now();
  return new Promise(parkStarting);
}

/**
 * A yield point: `undefined` while the slice lasts (go on, no await needed), else a promise that
 * resolves on a later event-loop turn. Use as `const wait = yieldPoint(); if (wait) await wait;`.
 * `first`: the run's first yield point (it has not started): it then waits behind started runs.
 * @param first @default false
 */
export function yieldPoint(first = false): Promise<void> | undefined {
  if (!sliceOpen) openSlice();
  else if (clock.now() - sliceStart >= timeSlice.ms) return park(first);
  // Room left in this slice: let the next parked run in too (it resumes after this run's current work).
  nextParked()?.();
  return undefined;
}
