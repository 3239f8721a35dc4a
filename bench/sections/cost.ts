/**
 * Bench section "cost": what a run costs in input tokens.
 * - Billed input tokens under Anthropic's published caching rules (bench/lib/anthropic-bill.ts) per
 *   protocol, for the demo task (seed 004's meal planner: its recorded turns, its real MCP server)
 *   and a 50-step scripted run over server-filesystem's 14 tool definitions, beside the AI SDK's
 *   `generateText` with native tools and default settings (no cache markers) on the same turns.
 *   reins' requests are billed as its provider conversion sends them (`toCallOptions`: the cache
 *   breakpoints it marks); the AI SDK's as its provider call options.
 * - Append-only: every request of the 50-step run starts with the previous one's bytes.
 * - Tool lists of the text protocols against the raw JSON tool definitions (JSON.stringify of the
 *   MCP tools/list result, and of the BFCL functions), and the native system prompt reins adds.
 * Runnable alone: `npm run bench -- cost`.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { generateText, jsonSchema, stepCountIs, tool, type ToolSet } from 'ai';
import { countTokens } from 'gpt-tokenizer';
import { demoConfig, demoRecording } from '../../src/cli/commands/demo.ts';
import { createAgent } from '../../src/loop/create-agent.ts';
import { connectServers } from '../../src/mcp/index.ts';
import { StdioProcessTransport } from '../../src/mcp/stdio-process-transport.ts';
import { resolveModel } from '../../src/models/resolve-model.ts';
import { toCallOptions } from '../../src/models/to-call-options.ts';
import type { ProtocolName } from '../../src/protocols/codec.ts';
import { protocols } from '../../src/protocols/get-codec.ts';
import type { JsonSchema, ToolSpec } from '../../src/spec/decision.ts';
import type { Model, ModelRequest, Usage } from '../../src/spec/model.ts';
import { LlamaModel } from '../../src/models/llama/llama-model.ts';
import { writeTinyGguf } from '../../test/helpers/tiny-gguf.ts';
import { MockModel } from '../../src/testing/mock-model.ts';
import type { ScriptedTurn } from '../../src/testing/scripted-model.ts';
import { defineTool } from '../../src/tools/define-tool.ts';
import type { Toolbox } from '../../src/tools/toolbox.ts';
import { appendOnlyBreaks, sentRequest, type SentRequest } from '../../test/helpers/append-only.ts';
import { answer, call, turn } from '../../test/loop/helpers.ts';
import { aiSdkMock, type MockTurn } from '../lib/ai-sdk-mock.ts';
import { AnthropicBill } from '../lib/anthropic-bill.ts';
import type { SectionReport } from '../lib/section.ts';
import { ratio } from '../lib/stats.ts';

export const title = 'What a run costs (billed input tokens, prompt caching, tool lists)';

const allProtocols: ProtocolName[] = ['native', 'json', 'envelope', 'xml', 'line'];
const entry = resolve(import.meta.dirname, '../../node_modules/@modelcontextprotocol/server-filesystem/dist/index.js');
const STEPS = 50;

/** server-filesystem's tools: as reins lists them, and the raw tools/list result. */
async function filesystemTools(): Promise<{ tools: ToolSpec[]; raw: unknown[] }> {
  const root = await mkdtemp(join(tmpdir(), 'reins-bench-cost-'));
  const servers = await connectServers({ mcpServers: { filesystem: { command: process.execPath, args: [entry, root] } } });
  const client = new Client({ name: 'reins-bench', version: '1' });
  try {
    if (servers.failures.length > 0) throw servers.failures[0]?.error;
    await client.connect(new StdioProcessTransport({ serverName: 'filesystem', command: process.execPath, args: [entry, root], env: {}, stderr: 'ignore', maxMessageBytes: 16 * 1024 * 1024 }));
    return { tools: servers.toolbox.list(), raw: (await client.listTools()).tools };
  } finally {
    await client.close();
    await servers.close();
    await rm(root, { recursive: true, force: true });
  }
}

/** BFCL's Python type names as JSON Schema. */
function bfclSchema(schema: Record<string, unknown>): JsonSchema {
  const types: Record<string, string> = { dict: 'object', float: 'number', tuple: 'array', any: '' };
  const out: Record<string, unknown> = { ...schema };
  const type = schema.type as string | undefined;
  if (type !== undefined && type in types) {
    if (types[type]) out.type = types[type];
    else delete out.type;
  }
  delete out.optional;
  if (schema.properties) out.properties = Object.fromEntries(Object.entries(schema.properties as Record<string, Record<string, unknown>>).map(([name, property]) => [name, bfclSchema(property)]));
  if (schema.items) out.items = bfclSchema(schema.items as Record<string, unknown>);
  return out as JsonSchema;
}

/** The distinct functions of BFCL's "multiple" category, raw and as tools. */
function bfclTools(): { tools: ToolSpec[]; raw: unknown[] } {
  const lines = readFileSync(resolve(import.meta.dirname, '../../../shared/bfcl/BFCL_v4_multiple.json'), 'utf8').split('\n').filter(Boolean);
  const byName = new Map<string, { name: string; description: string; parameters: Record<string, unknown> }>();
  for (const line of lines) for (const fn of (JSON.parse(line) as { function: Array<{ name: string; description: string; parameters: Record<string, unknown> }> }).function) byName.set(fn.name, fn);
  const raw = [...byName.values()];
  return { raw, tools: raw.map((fn) => ({ name: fn.name, description: fn.description, inputSchema: bfclSchema(fn.parameters) })) };
}

function toolListFigures(label: string, tools: readonly ToolSpec[], raw: unknown[], out: Record<string, number | string>): void {
  const baseline = countTokens(JSON.stringify(raw));
  out[`${label} · raw JSON definitions · tokens`] = baseline;
  for (const name of ['json', 'envelope', 'line', 'xml'] as const) {
    const codec = protocols[name];
    const whole = countTokens(codec.instructions(tools));
    const list = whole - countTokens(codec.instructions([]));
    out[`${label} · ${name} · tool list × raw`] = ratio(list, baseline);
    out[`${label} · ${name} · whole prompt × raw`] = ratio(whole, baseline);
  }
}

/** A reins model whose every request is billed (as the provider conversion sends it) and recorded. */
function billing(inner: Model, bill: AnthropicBill, sent: SentRequest[]): Model {
  return {
    provider: inner.provider,
    modelId: inner.modelId,
    supportsTools: inner.supportsTools,
    generate(request: ModelRequest) {
      bill.add(toCallOptions(request));
      sent.push(sentRequest(request));
      return inner.generate(request);
    },
  };
}

/** The scripted 50-step run's tool output: a file's content, different each step. */
const noteText = (step: number) => `# Note ${step}\n${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(6)}(line count ${step * 7})`;
const notePath = (step: number) => `/notes/${step}.md`;

function localTools(specs: readonly ToolSpec[]) {
  return specs.map((spec) => defineTool({ name: spec.name, description: spec.description ?? '', input: spec.inputSchema, execute: (args) => noteText(Number(String(args.path ?? '').match(/\d+/)?.[0] ?? 0)) }));
}

async function reinsScripted(protocol: ProtocolName, specs: readonly ToolSpec[]) {
  const bill = new AnthropicBill();
  const sent: SentRequest[] = [];
  const planner = new MockModel(
    (request: ModelRequest) => {
      const made = request.messages.filter((message) => message.role === 'assistant').length;
      const decision = made < STEPS - 1 ? call('read_text_file', { path: notePath(made + 1) }, 'read the next note') : answer('All notes read.');
      const step = turn(protocol, [decision]) as string | ScriptedTurn;
      if (typeof step === 'string') return step;
      return { text: step.text ?? '', toolCalls: (step.toolCalls ?? []).map((toolCall, index) => ({ id: `c${made}_${index}`, ...toolCall })) };
    },
    { supportsTools: protocol === 'native' },
  );
  const agent = createAgent({ model: billing(planner, bill, sent), tools: localTools(specs), protocol, stream: false, maxSteps: STEPS + 5 });
  const result = await agent.run('Read every note in /notes, one at a time, then tell me when you are done.').result;
  if (result.status !== 'answered') throw new Error(`the ${protocol} run ended ${result.status}`);
  return { bill, sent };
}

function aiSdkTools(specs: readonly ToolSpec[], run: (name: string, args: Record<string, unknown>) => Promise<string> | string): ToolSet {
  return Object.fromEntries(specs.map((spec) => [spec.name, tool({ description: spec.description ?? '', inputSchema: jsonSchema(spec.inputSchema as Record<string, unknown>), execute: (args: Record<string, unknown>) => run(spec.name, args) })]));
}

async function aiSdkRun(question: string, tools: ToolSet, turns: (call: number) => MockTurn): Promise<AnthropicBill> {
  const bill = new AnthropicBill();
  const model = aiSdkMock((_prompt, index, options) => {
    bill.add(options);
    return turns(index);
  });
  await generateText({ model, tools, prompt: question, stopWhen: stepCountIs(STEPS + 5) });
  return bill;
}

async function aiSdkScripted(specs: readonly ToolSpec[]): Promise<AnthropicBill> {
  return aiSdkRun('Read every note in /notes, one at a time, then tell me when you are done.', aiSdkTools(specs, (_name, args) => noteText(Number(String(args.path).match(/\d+/)?.[0] ?? 0))), (index) =>
    index < STEPS - 1 ? { toolCalls: [{ id: `c${index}`, name: 'read_text_file', arguments: { path: notePath(index + 1) } }] } : { text: 'All notes read.' },
  );
}

/** The text of a tool result as the AI SDK's tool returns it to its model. */
const resultText = async (toolbox: Toolbox, name: string, args: Record<string, unknown>) => JSON.stringify((await toolbox.call(name, args)).content);

async function demoCosts(out: Record<string, number | string>): Promise<void> {
  const servers = await connectServers(demoConfig('meal-planner'));
  try {
    if (servers.failures.length > 0) throw servers.failures[0]?.error;
    const toolbox = servers.toolbox;
    for (const protocol of allProtocols) {
      const file = demoRecording('meal-planner', protocol);
      const { question } = JSON.parse(readFileSync(file, 'utf8')) as { question: string };
      const bill = new AnthropicBill();
      const model = billing(resolveModel(`replay:${file}`), bill, []);
      const result = await createAgent({ model, tools: toolbox, protocol, stream: false, approval: () => 'allow' }).run(question).result;
      if (result.status !== 'answered') throw new Error(`the demo over ${protocol} ended ${result.status}`);
      out[`demo · ${protocol} · billed input tokens`] = bill.billed;
    }
    const native = JSON.parse(readFileSync(demoRecording('meal-planner', 'native'), 'utf8')) as { question: string; turns: MockTurn[] };
    const peer = await aiSdkRun(native.question, aiSdkTools(toolbox.list(), (name, args) => resultText(toolbox, name, args)), (index) => native.turns[index] ?? { text: 'done' });
    out['demo · AI SDK generateText · billed input tokens'] = peer.billed;
    for (const protocol of allProtocols) out[`demo · ${protocol} · × AI SDK`] = ratio(out[`demo · ${protocol} · billed input tokens`] as number, peer.billed);
  } finally {
    await servers.close();
  }
}

/**
 * The embedded model keeping a run's prompt: a 10-turn json run of the tiny GGUF (grammar-constrained
 * replies, read from the tools' results), the prompt tokens per turn and those evaluated.
 */
async function llamaTurns(out: Record<string, number | string>): Promise<void> {
  const path = writeTinyGguf(join(await mkdtemp(join(tmpdir(), 'reins-bench-cost-llama-')), 'tiny.gguf'));
  const model = new LlamaModel(path, { threads: 1, contextSize: 4096 });
  try {
    const turns: Usage[] = [];
    const recording: Model = {
      provider: model.provider,
      modelId: model.modelId,
      supportsTools: false,
      generate: async (request) => {
        const reply = await model.generate({ ...request, maxTokens: 48 });
        turns.push(reply.usage);
        return reply;
      },
    };
    await createAgent({ model: recording, tools: localTools([]), protocol: 'json', stream: false, maxSteps: 10, maxRetries: 10 }).run('Read the notes, then answer.').result;
    const later = turns.slice(1);
    const mean = (values: number[]) => Math.round(values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length));
    out['llama · turns'] = turns.length;
    out['llama · prompt tokens per turn after the first (mean)'] = mean(later.map((usage) => usage.inputTokens));
    out['llama · prompt tokens evaluated per turn after the first (mean)'] = mean(later.map((usage) => usage.inputTokens - (usage.cacheReadTokens ?? 0)));
  } finally {
    await model.dispose();
  }
}

export async function run(): Promise<SectionReport> {
  const out: Record<string, number | string> = {};
  const filesystem = await filesystemTools();
  const peer = await aiSdkScripted(filesystem.tools);
  out[`${STEPS}-step · AI SDK generateText · billed input tokens`] = peer.billed;
  for (const protocol of allProtocols) {
    const { bill, sent } = await reinsScripted(protocol, filesystem.tools);
    out[`${STEPS}-step · ${protocol} · input tokens sent`] = bill.input;
    out[`${STEPS}-step · ${protocol} · billed input tokens`] = bill.billed;
    out[`${STEPS}-step · ${protocol} · × AI SDK`] = ratio(bill.billed, peer.billed);
    out[`${STEPS}-step · ${protocol} · append-only requests`] = appendOnlyBreaks(sent).length === 0 ? 'yes' : `no (${appendOnlyBreaks(sent)[0]})`;
  }
  await demoCosts(out);
  toolListFigures('server-filesystem', filesystem.tools, filesystem.raw, out);
  const bfcl = bfclTools();
  out['BFCL multiple · functions'] = bfcl.tools.length;
  toolListFigures('BFCL multiple', bfcl.tools, bfcl.raw, out);
  out['native · system prompt reins adds · tokens'] = countTokens(protocols.native.instructions(filesystem.tools));
  await llamaTurns(out);
  const notes = [
    "Billed input tokens: Anthropic's rules (cache writes 1.25x, cache reads 0.1x, a prefix cached only up to a block the request marks, and only from 1,024 tokens), on the provider-format blocks each side sends, counted by gpt-tokenizer (o200k_base). reins marks the system prompt and the newest message of each request (promptCache, on by default); the AI SDK's generateText with default settings marks nothing.",
    `${STEPS}-step run: ${STEPS - 1} calls of read_text_file (a ~90-token result each) and an answer, with server-filesystem's 14 tool definitions offered; the AI SDK makes the same calls with the same results. Demo: the meal-planner recordings per protocol with the real meal-planner MCP server; the AI SDK plays the native recording.`,
    'llama: the tiny random-weight GGUF of the tests (test/helpers/tiny-gguf.ts) on a json run of up to 10 turns (its replies are mostly corrected); "evaluated" is the prompt less the tokens kept in the run\'s context sequence from the turn before.',
    'Tool lists: the text protocol prompt with the tools minus the same prompt with none, against JSON.stringify of the MCP tools/list result (server-filesystem, 14 tools) or of the BFCL functions (category "multiple", distinct names). "whole prompt" counts the protocol instructions too.',
  ];
  return { metrics: out, notes };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table((await run()).metrics);
}
