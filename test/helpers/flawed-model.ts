/**
 * A test model for the eval that knows every task's accepted answer and is wrong at set rates, per
 * protocol: for exactly round(rate x tasks) tasks (drawn from a seed) it answers wrongly (no call
 * where calls were right, a call where none was), and for exactly round(rate x tasks) tasks its first
 * reply is the protocol's typical malformed output (native: a tool that was not offered; json: a
 * call without its `reason`; xml: parameters as `key=value` text; line: a Python-style call;
 * envelope: an action of type `function`), which reins corrects. Otherwise it writes the accepted
 * calls, one a turn (all in one turn for the envelope), then answers. Usage is about 4 characters a token.
 */
import { acceptedCall } from '../../src/eval/accepted-call.ts';
import type { EvalTask } from '../../src/eval/eval-task.ts';
import { TaskToolbox } from '../../src/eval/task-toolbox.ts';
import { protocols } from '../../src/protocols/get-codec.ts';
import type { ProtocolName } from '../../src/protocols/protocol-names.ts';
import type { Decision, JsonSchema, ToolSpec } from '../../src/spec/decision.ts';
import type { EvalCall } from '../../src/spec/eval-report.ts';
import type { Model, ModelRequest, ModelResponse } from '../../src/spec/model.ts';
import { seededRandom, shuffled } from '../../src/testing/seeded-random.ts';

/** One reply: text, native tool calls, or both. */
type Reply = Partial<Pick<ModelResponse, 'text' | 'toolCalls'>>;

export interface Flaws {
  /** Fraction of tasks answered wrongly. */
  wrong: number;
  /** Fraction of tasks whose first reply is malformed. */
  invalidFirst: number;
}

/** A value of `schema` that validates: enums' first value, minimums, required properties only. */
export function minimalValue(schema: JsonSchema): unknown {
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  switch (schema.type) {
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean':
      return true;
    case 'array': {
      const count = typeof schema.minItems === 'number' ? schema.minItems : 0;
      return Array.from({ length: count }, () => minimalValue((schema.items ?? {}) as JsonSchema));
    }
    case 'object':
      return minimalArgs(schema);
    default:
      return 'x';
  }
}

export function minimalArgs(schema: JsonSchema): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  return Object.fromEntries(required.filter((name) => properties[name]).map((name) => [name, minimalValue(properties[name]!)]));
}

export class FlawedModel implements Model {
  readonly provider = 'flawed';
  readonly modelId = 'flawed';
  readonly supportsTools = true;
  readonly #tasks = new Map<string, EvalTask>();
  readonly #wrong = new Map<ProtocolName, Set<string>>();
  readonly #invalid = new Map<ProtocolName, Set<string>>();

  constructor(tasks: readonly EvalTask[], flaws: Partial<Record<ProtocolName, Flaws>>, seed = 7) {
    for (const task of tasks) this.#tasks.set(task.question, task);
    const random = seededRandom(seed);
    const ids = tasks.map((task) => task.id);
    for (const [protocol, rates] of Object.entries(flaws) as Array<[ProtocolName, Flaws]>) {
      this.#wrong.set(protocol, new Set(shuffled(random, ids).slice(0, Math.round(rates.wrong * ids.length))));
      this.#invalid.set(protocol, new Set(shuffled(random, ids).slice(0, Math.round(rates.invalidFirst * ids.length))));
    }
  }

  async generate(request: ModelRequest): Promise<ModelResponse> {
    const first = request.messages[0];
    const task = first?.role === 'user' ? this.#tasks.get(first.content) : undefined;
    if (!task) throw new Error(`FlawedModel: no task asks ${JSON.stringify(first?.content).slice(0, 80)}`);
    const protocol = protocolOf(request);
    const turn = request.messages.filter((message) => message.role === 'assistant').length;
    const malformed = this.#invalid.get(protocol)?.has(task.id) ?? false;
    const reply = malformed && turn === 0 ? typicalMistake(protocol) : this.#reply(task, protocol, malformed ? turn - 1 : turn);
    const input = (request.system ?? '').length + request.messages.reduce((total, message) => total + message.content.length, 0);
    return {
      text: reply.text ?? '',
      toolCalls: reply.toolCalls ?? [],
      finishReason: reply.toolCalls?.length ? 'tool-calls' : 'stop',
      usage: { inputTokens: Math.ceil(input / 4), outputTokens: Math.ceil(((reply.text ?? '').length + JSON.stringify(reply.toolCalls ?? []).length) / 4) },
      modelId: this.modelId,
    };
  }

  /** Reply `turn` (0-based) of the task's plan: its calls, then the answer. */
  #reply(task: EvalTask, protocol: ProtocolName, turn: number): Reply {
    const tools = new TaskToolbox(task.tools ?? []);
    const exposed = (name: string) => tools.list()[(task.tools ?? []).findIndex((tool) => tool.name === name)]!.name;
    const calls: Decision[] = this.#calls(task, protocol).map((call) => ({ action: 'call_tool', tool: exposed(call.name), args: call.args, reason: 'needed' }));
    const turns: Decision[][] = protocol === 'envelope' && calls.length > 0 ? [calls] : calls.map((call) => [call]);
    const decisions = turns[turn] ?? [{ action: 'answer_user', answer: 'Done.' }];
    if (protocol === 'native') {
      if (decisions[0]!.action === 'answer_user') return { text: 'Done.' };
      return { toolCalls: decisions.map((decision, index) => ({ id: `call_${turn}_${index}`, name: (decision as { tool: string }).tool, arguments: (decision as { args: Record<string, unknown> }).args })) };
    }
    return { text: protocols[protocol].render({ decisions, tools: tools.list() }) };
  }

  /** The calls of the plan: the accepted ones, or when wrong, none where calls were right and one where none was. */
  #calls(task: EvalTask, protocol: ProtocolName): EvalCall[] {
    const wrong = this.#wrong.get(protocol)?.has(task.id) ?? false;
    const someCall = (): EvalCall[] => [{ name: task.tools![0]!.name, args: minimalArgs(task.tools![0]!.inputSchema) }];
    if (task.expected.kind === 'no-call') return wrong ? someCall() : [];
    if (task.expected.kind === 'any-call') return wrong ? [] : someCall();
    return wrong ? [] : task.expected.calls.map(acceptedCall);
  }
}

function protocolOf(request: ModelRequest): ProtocolName {
  if (request.tools && request.tools.length > 0) return 'native';
  const system = request.system ?? '';
  if (system.includes('REQUIRES_ACTION')) return 'envelope';
  if (system.includes('<tool_code>')) return 'xml';
  if (system.includes('FUNCTION_CALL')) return 'line';
  return 'json';
}

function typicalMistake(protocol: ProtocolName): Reply {
  switch (protocol) {
    case 'native':
      return { toolCalls: [{ id: 'call_bad', name: 'lookup_answer', arguments: {} }] };
    case 'json':
      return { text: '{"action": "call_tool", "tool": "lookup_answer", "args": {}}' };
    case 'xml':
      return { text: '<tool_code><name>lookup_answer</name><parameters>query=everything</parameters></tool_code>' };
    case 'line':
      return { text: 'FUNCTION_CALL: lookup_answer(query="everything")' };
    case 'envelope':
      return { text: '{"status":"REQUIRES_ACTION","thoughts":[],"actions":[{"action":"lookup_answer","type":"function","params":{}}],"final_response":""}' };
  }
}

/** Tasks the model can be wrong on both ways: a tool to call where needed, a call of minimal args that validates. */
export function usableTasks(tasks: readonly EvalTask[], validate: (tool: ToolSpec, args: Record<string, unknown>) => boolean): EvalTask[] {
  const questions = new Map<string, number>();
  for (const task of tasks) questions.set(task.question, (questions.get(task.question) ?? 0) + 1);
  return tasks.filter((task) => {
    if (questions.get(task.question) !== 1) return false;
    if (task.expected.kind === 'calls') return true;
    const tool = task.tools?.[0];
    return tool !== undefined && validate(tool, minimalArgs(tool.inputSchema));
  });
}
