/**
 * Tool input schemas that upstream tests pass to their parser, by the test file (`source.path` of a
 * record) and tool name, for records whose expectation rests on that schema and whose corpus record
 * does not carry it. MiniCPM's parsers in vLLM and sglang validate a call against the tool's schema
 * (a required property missing, or written in another case, means no call) and drop arguments the
 * schema does not declare; judged with a permissive schema instead, reins' faithful reading of
 * `<param name="City">` would count as a misread. Transcribed from the tests at the commits the
 * corpus records cite (vllm-project/vllm 4ff865c, sgl-project/sglang d55f1c2).
 */
type Schema = Record<string, unknown>;

const object = (properties: Record<string, Schema>, required: string[]): Schema => ({ type: 'object', properties, required });
const text = { type: 'string' };

/** `make_tools_weather`, `make_tools_sum`, `make_tools_no_required` of both MiniCPM test files. */
const miniCpm: Record<string, Schema> = {
  get_weather: object({ city: text, date: text }, ['city']),
  sum_values: object({ nums: { type: 'array' }, exact: { type: 'boolean' } }, ['nums']),
  noop: object({ note: text }, []),
};

export const upstreamToolSchemas: Readonly<Record<string, Readonly<Record<string, Schema>>>> = {
  'tests/tool_parsers/test_minicpm5xml_tool_parser.py': {
    ...miniCpm,
    get_current_weather: object({ city: text, state: text, unit: text }, ['city', 'state', 'unit']),
    get_customer_by_phone: object({ phone_number: text }, ['phone_number']),
    get_details_by_id: object({ id: text }, ['id']),
    toggle_roaming: object({ line_id: text, enabled: { type: 'boolean' } }, ['line_id', 'enabled']),
  },
  'test/registered/unit/function_call/test_minicpm5_detector.py': miniCpm,
};
