/**
 * What the conformance suite's server scenarios ask a server to offer (the suite's "everything
 * server" names): tools of every content type, logging, progress, errors, sampling and elicitation,
 * resources (static, binary, a template, subscriptions), prompts and completion. Sampling and
 * elicitation go through reins' own helpers (`samplingContext(...).sample` / `.elicit`, wrapped by
 * `RoundTrips` so the same handler answers `input_required` on 2026-07-28), the rest is the SDK.
 */
import { CLIENT_CAPABILITIES_META_KEY, McpServer, ResourceTemplate } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { RoundTrips, samplingContext } from '../../src/server/index.ts';

/** A 1x1 PNG and a minimal WAV, base64. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
const WAV = 'UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAAB9AAACABAAZGF0YQIAAAA=';

const rounds = new RoundTrips();
const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function registerContentTools(server: McpServer): void {
  server.registerTool('test_simple_text', { description: 'Answers with one text block' }, async () => text('This is a simple text response for testing.'));
  server.registerTool('test_image_content', { description: 'Answers with an image' }, async () => ({ content: [{ type: 'image' as const, data: PNG, mimeType: 'image/png' }] }));
  server.registerTool('test_audio_content', { description: 'Answers with audio' }, async () => ({ content: [{ type: 'audio' as const, data: WAV, mimeType: 'audio/wav' }] }));
  server.registerTool('test_embedded_resource', { description: 'Answers with an embedded resource' }, async () => ({
    content: [{ type: 'resource' as const, resource: { uri: 'test://embedded-resource', mimeType: 'text/plain', text: 'This is an embedded resource content.' } }],
  }));
  server.registerTool('test_multiple_content_types', { description: 'Answers with text, an image and a resource' }, async () => ({
    content: [
      { type: 'text' as const, text: 'Multiple content types test:' },
      { type: 'image' as const, data: PNG, mimeType: 'image/png' },
      { type: 'resource' as const, resource: { uri: 'test://mixed-content-resource', mimeType: 'application/json', text: JSON.stringify({ test: 'data', value: 123 }) } },
    ],
  }));
  server.registerTool('test_error_handling', { description: 'Always fails' }, async () => {
    throw new Error('This tool intentionally returns an error for testing');
  });
  server.registerTool('test_tool_with_logging', { description: 'Logs while it runs', inputSchema: z.object({}) }, async (_args, ctx) => {
    for (const data of ['Tool execution started', 'Tool processing data', 'Tool execution completed']) {
      await ctx.mcpReq.notify({ method: 'notifications/message', params: { level: 'info', data } });
      await pause(20);
    }
    return text('Tool with logging executed successfully');
  });
  server.registerTool('test_tool_with_progress', { description: 'Reports progress', inputSchema: z.object({}) }, async (_args, ctx) => {
    const progressToken = ctx.mcpReq._meta?.progressToken ?? 0;
    for (const progress of [0, 50, 100]) {
      await ctx.mcpReq.notify({ method: 'notifications/progress', params: { progressToken, progress, total: 100, message: `Completed step ${progress} of 100` } });
      if (progress < 100) await pause(20);
    }
    return text(String(progressToken));
  });
}

/** Sampling and elicitation through reins' helpers: one handler for both protocol eras. */
function registerClientRequestTools(server: McpServer): void {
  server.registerTool(
    'test_sampling',
    { description: 'Asks the client model', inputSchema: z.object({ prompt: z.string().describe('The prompt to send to the LLM') }) },
    rounds.tool(async ({ prompt }, ctx) => {
      const reply = await samplingContext(server, ctx).sample({ prompt, maxTokens: 100 });
      return text(`LLM response: ${reply.text}`);
    }),
  );
  server.registerTool(
    'test_elicitation',
    { description: 'Asks the user', inputSchema: z.object({ message: z.string().describe('The message to show the user') }) },
    rounds.tool(async ({ message }, ctx) => {
      const answer = await samplingContext(server, ctx).elicit(message, z.object({ response: z.string().describe("User's response") }));
      return text(`User response: action=${answer.action}, content=${JSON.stringify('content' in answer ? answer.content : {})}`);
    }),
  );
  const defaults = z.object({
    name: z.string().describe('User name').default('John Doe'),
    age: z.number().int().describe('User age').default(30),
    score: z.number().describe('User score').default(95.5),
    status: z.enum(['active', 'inactive', 'pending']).describe('User status').default('active'),
    verified: z.boolean().describe('Verification status').default(true),
  });
  server.registerTool(
    'test_elicitation_sep1034_defaults',
    { description: 'Asks with defaults (SEP-1034)', inputSchema: z.object({}) },
    rounds.tool(async (_args, ctx) => {
      const answer = await samplingContext(server, ctx).elicit('Please review and update the form fields with defaults', defaults.partial());
      return text(`Elicitation completed: action=${answer.action}, content=${JSON.stringify('content' in answer ? answer.content : {})}`);
    }),
  );
  const choice = (values: [string, string][]) => z.union(values.map(([value, title]) => z.literal(value).meta({ title })) as [z.ZodLiteral<string>, z.ZodLiteral<string>]);
  const enums = z.object({
    untitledSingle: z.enum(['option1', 'option2', 'option3']).describe('Select one option'),
    titledSingle: choice([['value1', 'First Option'], ['value2', 'Second Option'], ['value3', 'Third Option']]).describe('Select one option with titles'),
    untitledMulti: z.array(z.enum(['option1', 'option2', 'option3'])).min(1).max(3).describe('Select multiple options'),
    titledMulti: z.array(choice([['value1', 'First Choice'], ['value2', 'Second Choice'], ['value3', 'Third Choice']])).min(1).max(3).describe('Select multiple options with titles'),
  });
  server.registerTool(
    'test_elicitation_sep1330_enums',
    { description: 'Asks with enums (SEP-1330)', inputSchema: z.object({}) },
    rounds.tool(async (_args, ctx) => {
      const answer = await samplingContext(server, ctx).elicit('Please select options from the enum fields', enums.partial());
      return text(`Elicitation completed: action=${answer.action}, content=${JSON.stringify('content' in answer ? answer.content : {})}`);
    }),
  );
}

/**
 * SEP-2322 (2026-07-28): tools that need the client's input, written with reins' helpers; each
 * request of a round becomes one entry of `input_required`, answered in the next round.
 */
function registerInputRequiredTools(server: McpServer): void {
  server.registerTool(
    'test_input_required_result_elicitation',
    { description: 'Asks the user their name', inputSchema: z.object({}) },
    rounds.tool(async (_args, ctx) => {
      const answer = await samplingContext(server, ctx).elicit('What is your name?', z.object({ name: z.string() }), { inputKey: 'user_name' });
      return text(answer.action === 'accept' ? `Hello, ${answer.content.name}!` : `No name given (${answer.action}).`);
    }),
  );
  server.registerTool(
    'test_input_required_result_sampling',
    { description: 'Asks the client model a question', inputSchema: z.object({}) },
    rounds.tool(async (_args, ctx) => {
      const reply = await samplingContext(server, ctx).sample({ prompt: 'What is the capital of France?', maxTokens: 100 });
      return text(`The model said: ${reply.text}`);
    }),
  );
  server.registerTool(
    'test_input_required_result_list_roots',
    { description: "Lists the client's roots", inputSchema: z.object({}) },
    rounds.tool(async (_args, ctx) => {
      const roots = await samplingContext(server, ctx).listRoots({ inputKey: 'client_roots' });
      return text(`Roots: ${roots.map((root) => root.uri).join(', ') || 'none'}`);
    }),
  );
  server.registerTool(
    'test_input_required_result_multiple_inputs',
    { description: 'Asks the user, the model and the roots in one round', inputSchema: z.object({}) },
    rounds.tool(async (_args, ctx) => {
      const context = samplingContext(server, ctx);
      // Started together, so one round asks all three.
      const [name, greeting, roots] = await Promise.all([
        context.elicit('What is your name?', z.object({ name: z.string() }), { inputKey: 'user_name' }),
        context.sample({ prompt: 'Generate a greeting.', maxTokens: 50 }),
        context.listRoots({ inputKey: 'client_roots' }),
      ]);
      return text(`Name: ${name.action === 'accept' ? name.content.name : name.action}; greeting: ${greeting.text}; roots: ${roots.length}`);
    }),
  );
  server.registerTool(
    'test_input_required_result_request_state',
    { description: 'Asks for a confirmation; the answer round carries the sealed requestState', inputSchema: z.object({}) },
    rounds.tool(async (_args, ctx) => {
      const answer = await samplingContext(server, ctx).elicit('Please confirm', z.object({ ok: z.boolean() }), { inputKey: 'confirm' });
      // Reaching here on a later round means RoundTrips verified the echoed requestState (HMAC, TTL, this call).
      return text(`state-ok: ${answer.action === 'accept' ? `ok=${String(answer.content.ok)}` : answer.action}`);
    }),
  );
  server.registerTool(
    'test_input_required_result_tampered_state',
    { description: 'Asks for a confirmation; a tampered requestState is refused before the handler runs', inputSchema: z.object({}) },
    rounds.tool(async (_args, ctx) => {
      const answer = await samplingContext(server, ctx).elicit('Please confirm', z.object({ ok: z.boolean() }), { inputKey: 'confirm' });
      return text(`Confirmed: ${answer.action}`);
    }),
  );
  server.registerTool(
    'test_input_required_result_multi_round',
    { description: 'Asks twice, one question per round', inputSchema: z.object({}) },
    rounds.tool(async (_args, ctx) => {
      const context = samplingContext(server, ctx);
      const name = await context.elicit('Step 1: What is your name?', z.object({ name: z.string() }), { inputKey: 'step1' });
      const color = await context.elicit('Step 2: What is your favorite color?', z.object({ color: z.string() }), { inputKey: 'step2' });
      const said = (answer: typeof name | typeof color) => (answer.action === 'accept' ? JSON.stringify(answer.content) : answer.action);
      return text(`Step 1: ${said(name)}; step 2: ${said(color)}`);
    }),
  );
  server.registerTool(
    'test_input_required_result_capabilities',
    { description: 'Asks the model, and the user only when the client can elicit', inputSchema: z.object({}) },
    rounds.tool(async (_args, ctx) => {
      const context = samplingContext(server, ctx);
      const declared = (ctx.mcpReq.envelope as Record<string, { elicitation?: object } | undefined> | undefined)?.[CLIENT_CAPABILITIES_META_KEY];
      const reply = context.backend ? (await context.sample({ prompt: 'Suggest a greeting.', maxTokens: 50 })).text : 'no sampling';
      const answer = declared?.elicitation ? (await context.elicit('Your name?', z.object({ name: z.string() }))).action : 'not asked';
      return text(`Model: ${reply}; user: ${answer}`);
    }),
  );
  server.registerPrompt(
    'test_input_required_result_prompt',
    { description: 'A prompt that asks the user for its context first' },
    rounds.tool(async (ctx) => {
      const answer = await samplingContext(server, ctx).elicit('What context should the prompt use?', z.object({ context: z.string() }), { inputKey: 'user_context' });
      const context = answer.action === 'accept' ? answer.content.context : 'none';
      return { messages: [{ role: 'user' as const, content: { type: 'text' as const, text: `Context: ${context}` } }] };
    }),
  );
  server.registerTool('test_logging_tool', { description: 'Logs at info level', inputSchema: z.object({}) }, async (_args, ctx) => {
    await ctx.mcpReq.log('info', 'test_logging_tool ran');
    return text('Logged.');
  });
  server.registerTool(
    'test_streaming_elicitation',
    { description: 'Asks the user (on 2026-07-28: input_required, never a request on the stream)', inputSchema: z.object({}) },
    rounds.tool(async (_args, ctx) => {
      const answer = await samplingContext(server, ctx).elicit('Continue?', z.object({ ok: z.boolean() }));
      return text(`Answer: ${answer.action}`);
    }),
  );
  server.registerTool(
    'test_missing_capability',
    { description: 'Needs the client to sample', inputSchema: z.object({}) },
    rounds.tool(async (_args, ctx) => {
      const reply = await samplingContext(server, ctx).sample({ prompt: 'Say hello', maxTokens: 20 });
      return text(reply.text);
    }),
  );
}

function registerResources(server: McpServer): void {
  server.registerResource('static-text', 'test://static-text', { title: 'Static Text Resource', description: 'A static text resource', mimeType: 'text/plain' }, async () => ({
    contents: [{ uri: 'test://static-text', mimeType: 'text/plain', text: 'This is the content of the static text resource.' }],
  }));
  server.registerResource('static-binary', 'test://static-binary', { title: 'Static Binary Resource', description: 'A PNG', mimeType: 'image/png' }, async () => ({
    contents: [{ uri: 'test://static-binary', mimeType: 'image/png', blob: PNG }],
  }));
  server.registerResource(
    'template',
    new ResourceTemplate('test://template/{id}/data', { list: undefined }),
    { title: 'Resource Template', description: 'Data by id', mimeType: 'application/json' },
    async (uri, variables) => ({
      contents: [{ uri: uri.toString(), mimeType: 'application/json', text: JSON.stringify({ id: variables.id, templateTest: true, data: `Data for ID: ${String(variables.id)}` }) }],
    }),
  );
  server.registerResource('watched-resource', 'test://watched-resource', { title: 'Watched Resource', description: 'A resource one may subscribe to', mimeType: 'text/plain' }, async () => ({
    contents: [{ uri: 'test://watched-resource', mimeType: 'text/plain', text: 'Watched resource content' }],
  }));
  server.server.setRequestHandler('resources/subscribe', async () => ({}));
  server.server.setRequestHandler('resources/unsubscribe', async () => ({}));
}

function registerPrompts(server: McpServer): void {
  server.registerPrompt('test_simple_prompt', { title: 'Simple Test Prompt', description: 'No arguments' }, async () => ({
    messages: [{ role: 'user' as const, content: { type: 'text' as const, text: 'This is a simple prompt for testing.' } }],
  }));
  server.registerPrompt(
    'test_prompt_with_arguments',
    { title: 'Prompt With Arguments', description: 'Two arguments', argsSchema: z.object({ arg1: z.string().describe('First test argument'), arg2: z.string().describe('Second test argument') }) },
    async ({ arg1, arg2 }) => ({ messages: [{ role: 'user' as const, content: { type: 'text' as const, text: `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'` } }] }),
  );
  server.registerPrompt(
    'test_prompt_with_embedded_resource',
    { title: 'Prompt With Embedded Resource', description: 'Embeds a resource', argsSchema: z.object({ resourceUri: z.string().describe('URI of the resource to embed') }) },
    async ({ resourceUri }) => ({
      messages: [
        { role: 'user' as const, content: { type: 'resource' as const, resource: { uri: resourceUri, mimeType: 'text/plain', text: 'Embedded resource content for testing.' } } },
        { role: 'user' as const, content: { type: 'text' as const, text: 'Please process the embedded resource above.' } },
      ],
    }),
  );
  server.registerPrompt('test_prompt_with_image', { title: 'Prompt With Image', description: 'Holds an image' }, async () => ({
    messages: [
      { role: 'user' as const, content: { type: 'image' as const, data: PNG, mimeType: 'image/png' } },
      { role: 'user' as const, content: { type: 'text' as const, text: 'Please analyze the image above.' } },
    ],
  }));
}

/** A fresh server with every feature the scenarios ask for. */
export function createConformanceServer(): McpServer {
  const server = new McpServer(
    { name: 'reins-conformance-server', version: '1.0.0' },
    { ...rounds.serverOptions, capabilities: { tools: { listChanged: true }, resources: { subscribe: true, listChanged: true }, prompts: { listChanged: true }, logging: {}, completions: {} } },
  );
  registerContentTools(server);
  registerClientRequestTools(server);
  registerInputRequiredTools(server);
  registerResources(server);
  registerPrompts(server);
  server.server.setRequestHandler('logging/setLevel', async () => ({}));
  server.server.setRequestHandler('completion/complete', async () => ({ completion: { values: [], total: 0, hasMore: false } }));
  return server;
}
