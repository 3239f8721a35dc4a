/**
 * A runnable offline example: a ScriptedModel plays the model's turns (JSON protocol), driving two
 * local tools; every event of the run is printed. Run it with `npm run example`.
 */
import { z } from 'zod';
import { createAgent, defineTool, type AgentEvent } from 'reins';
import { ScriptedModel } from 'reins/testing';

const getWeather = defineTool({
  name: 'get_weather',
  description: 'Current weather of a city, in Celsius.',
  input: z.object({ city: z.string() }),
  execute: ({ city }) => ({ city, sky: 'light rain', celsius: 14 }),
});

const convertTemperature = defineTool({
  name: 'convert_temperature',
  description: 'Converts Celsius to Fahrenheit.',
  input: z.object({ celsius: z.number() }),
  execute: ({ celsius }) => `${Math.round((celsius * 9) / 5 + 32)} °F`,
});

// What a well-behaved model would write, turn by turn. The second turn is deliberately broken
// (a trailing comma and prose around it): reins repairs it and says so.
const model = new ScriptedModel([
  '{"action": "call_tool", "tool": "get_weather", "args": {"city": "Dublin"}, "reason": "I need the current weather."}',
  'Next I convert it.\n{"action": "call_tool", "tool": "convert_temperature", "args": {"celsius": 14,}, "reason": "The user asked in Fahrenheit."}',
  '{"action": "answer_user", "answer": "Light rain in Dublin, 57 °F (14 °C).", "confidence": 0.9}',
]);

const agent = createAgent({ model, tools: [getWeather, convertTemperature], protocol: 'json' });

function describe(event: AgentEvent): string | undefined {
  switch (event.type) {
    case 'run-start':
      return `run ${event.runId.slice(0, 8)}: "${event.question}" (${event.protocol}; tools: ${event.tools.map((tool) => tool.name).join(', ')})`;
    case 'model-request':
      return `step ${event.step}: asking the model (attempt ${event.attempt}, ${event.messages.length} messages)`;
    case 'decision-delta':
      return undefined; // streamed text: too chatty for this example
    case 'model-response':
      return `  model said: ${event.text.replace(/\s+/g, ' ').slice(0, 100)}`;
    case 'decision':
      return `  decision: ${event.decision.action}${event.repaired ? ' (repaired)' : ''}`;
    case 'output-invalid':
      return `  invalid output (${event.kind}), correcting: ${event.reason}`;
    case 'tool-call':
      return `  -> ${event.tool}(${JSON.stringify(event.args)})`;
    case 'tool-result':
      return `  <- ${event.observation}`;
    case 'tool-error':
      return `  !! ${event.tool}: ${event.error.message}`;
    case 'answer':
      return `answer: ${event.answer}${event.confidence === undefined ? '' : ` (confidence ${event.confidence})`}`;
    case 'run-end':
      return `run ended: ${event.status}, ${event.usage.estimated ? 'estimated ' : ''}${event.usage.inputTokens} input + ${event.usage.outputTokens} output tokens`;
    default:
      return `  ${event.type}`;
  }
}

const run = agent.run('What is the weather in Dublin, in Fahrenheit?');
for await (const event of run) {
  const line = describe(event);
  if (line) console.log(line);
}
const result = await run.result;
model.assertComplete();
process.exitCode = result.status === 'answered' ? 0 : 1;
