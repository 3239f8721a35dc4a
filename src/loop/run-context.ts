/** A run's context (`RunContext`) as the driver makes it, and how its events are delivered. */
import type { Model } from '../spec/model.ts';
import type { AgentEvent } from '../spec/events.ts';
import type { UserChannel } from '../spec/user-channel.ts';
import type { Codec } from '../protocols/codec.ts';
import { persistedModel, persistedToolbox, persistedUser } from '../sessions/run-records/persisted-parts.ts';
import type { RunRecorder } from '../sessions/run-records/run-recorder.ts';
import type { Toolbox } from '../tools/toolbox.ts';
import type { EventStream } from './event-stream.ts';
import type { Policies } from './policies.ts';
import { notifyObservers, toolScopeOf, type RunObserver, type ToolScope } from './run-observer.ts';
import type { RunSignal } from './run-signal.ts';
import type { EventBody, RunContext, RunCounters } from './run-state.ts';

/** What the context takes from the agent: its parts resolved once from its options. */
export interface ContextParts {
  model: Model;
  codec: Codec;
  toolbox: Toolbox;
  user: UserChannel | undefined;
  policies: Policies;
  system: string | undefined;
  /** Told of every event as it is emitted. */
  observers: readonly RunObserver[];
}

/** What the context takes from the launched run (its `LaunchedRun`, `drive-run.ts`). */
interface ContextRun {
  readonly runId: string;
  readonly events: EventStream<AgentEvent>;
  readonly scope: RunSignal;
}

export class DrivenRunContext implements RunContext {
  readonly runId: string;
  readonly question: string;
  readonly model: Model;
  readonly codec: Codec;
  readonly toolbox: Toolbox;
  readonly user: UserChannel | undefined;
  readonly policies: Policies;
  readonly signal: AbortSignal;
  readonly system: string | undefined;
  readonly startedAt: number;
  readonly toolScope: ToolScope | undefined;
  /** Read for the step each event is stamped with. */
  readonly #counters: RunCounters;
  readonly #observers: readonly RunObserver[];
  /** With a store, events go through it (an event reaches the stream once its record is committed). */
  readonly #recorder: RunRecorder | undefined;
  readonly #events: EventStream<AgentEvent>;

  /** With a recorder, model, toolbox and user are recorded. */
  constructor(parts: ContextParts, question: string, run: ContextRun, recorder: RunRecorder | undefined, counters: RunCounters) {
    this.runId = run.runId;
    this.question = question;
    this.model = recorder ? persistedModel(parts.model, recorder) : parts.model;
    this.codec = parts.codec;
    this.toolbox = recorder ? persistedToolbox(parts.toolbox, recorder) : parts.toolbox;
    this.user = recorder && parts.user ? persistedUser(parts.user, recorder) : parts.user;
    this.policies = parts.policies;
    this.signal = run.scope.signal;
    this.system = parts.system;
    this.startedAt = performance.now();
    this.toolScope = toolScopeOf(parts.observers, run.runId);
    this.#counters = counters;
    this.#observers = parts.observers;
    this.#recorder = recorder;
    this.#events = run.events;
  }

  /** Stamps the run id and the current step on the event and delivers it (through the recorder, when there is a store). */
  emit(body: EventBody): void {
    const event = body as AgentEvent;
    event.runId = this.runId;
    event.step = this.#counters.step;
    notifyObservers(this.#observers, event);
    if (this.#recorder) this.#recorder.record(event);
    else this.#events.push(event);
  }
}
