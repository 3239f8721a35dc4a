/**
 * A call whose only parameter is a wrapper the tool does not declare (`arguments`, `input`,
 * `parameters`, `properties`) holding one object is that object's call, as vLLM's DeepSeek V3.2/V4
 * and MiniCPM parsers read it; a tool that declares the wrapper gets it as written.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { protocols } from '../../src/protocols/get-codec.ts';

const dsml = (key: string, hint: string, value: string) =>
  `<｜DSML｜function_calls>\n<｜DSML｜invoke name="get_weather">\n<｜DSML｜parameter name="${key}" string="${hint}">${value}</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>`;
const minicpm = (key: string, value: string) => `<function name="get_weather"><param name="${key}">${value}</param></function>`;
const open = [{ name: 'get_weather', inputSchema: { type: 'object' } }];
const argsOf = (text: string, tools = open) => {
  const result = protocols.native.parse(text, { tools });
  return result.success && result.decisions[0]?.action === 'call_tool' ? result.decisions[0].args : result.success ? 'answer' : 'refused';
};

describe('wrapped arguments', () => {
  it('unwraps a lone undeclared wrapper holding an object, in DSML and MiniCPM', () => {
    expect(argsOf(dsml('arguments', 'false', '{"location":"Beijing"}'))).toEqual({ location: 'Beijing' });
    expect(argsOf(dsml('input', 'true', '{"location":"Beijing"}'))).toEqual({ location: 'Beijing' });
    expect(argsOf(minicpm('arguments', '{"city": "上海"}'))).toEqual({ city: '上海' });
    expect(argsOf(minicpm('properties', "{'phone_number': '555-123-2002'}"))).toEqual({ phone_number: '555-123-2002' });
  });

  it('keeps the wrapper where the tool declares it, where it is not alone, or where it holds no object', () => {
    const declared = [{ name: 'get_weather', inputSchema: { type: 'object', properties: { input: { type: 'object' } } } }];
    expect(argsOf(dsml('input', 'false', '{"location":"Beijing"}'), declared)).toEqual({ input: { location: 'Beijing' } });
    expect(argsOf(`<function name="get_weather"><param name="arguments">{"a": 1}</param><param name="b">2</param></function>`)).toEqual({ arguments: { a: 1 }, b: 2 });
    expect(argsOf(minicpm('input', 'hello'))).toEqual({ input: 'hello' });
  });
});

describe('wrapped arguments in every dialect (callItem)', () => {
  const alarm = [{ name: 'set_alarm', inputSchema: { type: 'object', properties: { hour: { type: 'integer' }, label: { type: 'string' } } } }];
  const json = (value: unknown) => JSON.stringify(value);
  const writers: ReadonlyArray<[string, (tool: string, args: Record<string, unknown>) => string]> = [
    ['hermes', (tool, args) => `<tool_call>${json({ name: tool, arguments: args })}</tool_call>`],
    ['lfm2 pythonic', (tool, args) => `<|tool_call_start|>[${tool}(${Object.entries(args).map(([key, value]) => `${key}=${json(value)}`).join(', ')})]<|tool_call_end|>`],
    ['kimi k2', (tool, args) => `<|tool_calls_section_begin|><|tool_call_begin|>functions.${tool}:0<|tool_call_argument_begin|>${json(args)}<|tool_call_end|><|tool_calls_section_end|>`],
    ['mistral', (tool, args) => `[TOOL_CALLS]${tool}[ARGS]${json(args)}`],
    ['harmony', (tool, args) => `<|channel|>commentary to=functions.${tool} <|constrain|>json<|message|>${json(args)}<|call|>`],
  ];

  it('unwraps a pythonic `properties={..}` whose keys the tool declares', () => {
    expect(argsOf('<|tool_call_start|>[set_alarm(properties={"hour": 7, "label": "gym"})]<|tool_call_end|>', alarm)).toEqual({ hour: 7, label: 'gym' });
  });

  it('keeps a wrapper around a key the tool does not take, and one beside another argument', () => {
    expect(argsOf('<|tool_call_start|>[set_alarm(properties={"hour": 7, "snooze": 5})]<|tool_call_end|>', alarm)).toEqual({ properties: { hour: 7, snooze: 5 } });
    expect(argsOf('<|tool_call_start|>[set_alarm(properties={"hour": 7}, label="gym")]<|tool_call_end|>', alarm)).toEqual({ properties: { hour: 7 }, label: 'gym' });
  });

  it('property: in every dialect, a lone undeclared wrapper reads as its content exactly when the tool declares each inner key', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...writers),
        fc.constantFrom('arguments', 'input', 'parameters', 'properties'),
        fc.integer({ min: 0, max: 23 }),
        fc.stringMatching(/^[a-z]{1,8}$/),
        fc.boolean(),
        ([, write], wrapper, hour, label, declaredOnly) => {
          const inner: Record<string, unknown> = declaredOnly ? { hour, label } : { hour, alarm_tone: label };
          const got = argsOf(write('set_alarm', { [wrapper]: inner }), alarm);
          expect(got).toEqual(declaredOnly ? inner : { [wrapper]: inner });
        },
      ),
      { numRuns: 150 },
    );
  });
});
