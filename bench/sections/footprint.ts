/**
 * Bench section "footprint": system-prompt tokens (gpt-tokenizer, o200k_base) each protocol spends
 * on its instructions plus the tool list, for the 14 tools of the real
 * `@modelcontextprotocol/server-filesystem` (listed live over stdio through `connectServers`;
 * nothing cached), against the raw JSON tool definitions a native call sends
 * (`[{type: 'function', function: {name, description, parameters}}]`, the OpenAI wire shape).
 * For `native` the prompt is its short instructions plus those definitions for the 14 tools and
 * ask_user / answer_user.
 * json, envelope and line render tools as compact signatures (src/protocols/compact-tool-list.ts,
 * line its own positional form); xml keeps seed 002's <tool_definitions> with one-line JSON Schemas.
 * Runnable alone: `node bench/sections/footprint.ts`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { countTokens } from 'gpt-tokenizer';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { connectServers } from '../../src/mcp/index.ts';
import type { ProtocolName } from '../../src/protocols/codec.ts';
import { protocols } from '../../src/protocols/get-codec.ts';
import type { SectionReport } from '../lib/section.ts';
import { ratio } from '../lib/stats.ts';

const entry = resolve(import.meta.dirname, '../../node_modules/@modelcontextprotocol/server-filesystem/dist/index.js');

/** The tool definitions as a native request carries them. */
function wireTools(tools: readonly ToolSpec[]): string {
  return JSON.stringify(tools.map((tool) => ({ type: 'function', function: { name: tool.name, description: tool.description ?? '', parameters: tool.inputSchema } })));
}

async function filesystemTools(): Promise<ToolSpec[]> {
  const root = await mkdtemp(join(tmpdir(), 'reins-bench-fs-'));
  const servers = await connectServers({ mcpServers: { filesystem: { command: process.execPath, args: [entry, root] } } });
  try {
    if (servers.failures.length > 0) throw servers.failures[0]?.error;
    return servers.toolbox.list();
  } finally {
    await servers.close();
    await rm(root, { recursive: true, force: true });
  }
}

export const title = 'Prompt footprint (server-filesystem tools)';

export async function run(): Promise<SectionReport> {
  const tools = await filesystemTools();
  const baseline = countTokens(wireTools(tools));
  const out: Record<string, number> = { tools: tools.length, 'raw JSON tool definitions · tokens': baseline };
  for (const name of Object.keys(protocols) as ProtocolName[]) {
    const codec = protocols[name];
    const prompt = codec.instructions(tools) + (codec.requestTools ? `\n${wireTools(codec.requestTools(tools))}` : '');
    const tokens = countTokens(prompt);
    out[`${name} · tokens`] = tokens;
    out[`${name} · × raw definitions`] = ratio(tokens, baseline);
  }
  const notes = [
    `Tools listed live from @modelcontextprotocol/server-filesystem over stdio; tokens by gpt-tokenizer (o200k_base). "raw JSON tool definitions" is what a native request carries for the ${tools.length} tools.`,
    'json and envelope list tools as TypeScript-like signatures (src/protocols/compact-tool-list.ts); line as positional signatures; xml as seed 002\'s <tool_definitions> with one-line JSON Schemas (the seed fixes that format, so xml stays above the raw definitions; pick json or line when prompt size matters). Arguments are still validated against the full schema.',
  ];
  return { metrics: out, notes };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table((await run()).metrics);
}
