/**
 * The `<param_key>` spelling of GLM's key/value call (Xing 4.0, as ms-swift's `xing4_0` template
 * renders it): `<tool_call>name<param_key>city</param_key><param_value>Paris</param_value></tool_call>`.
 * Its template writes strings bare and every other value with `tojson`, and its own parser reads a
 * value whose property declares no type as JSON (`3` is 3, `true` is true), so the values follow the
 * `verbatim` rule, not GLM's `verbatim-quoted` one (GLM's servers keep such a value as text).
 * A value left open right before `</tool_call>` or the next `<param_key>` ends there, as for GLM.
 */
import type { CallForm } from './tag-calls.ts';
import type { ValueRule } from './xml-parameters.ts';

/** A `TagFamily` of `xml-calls.ts`, which reads it beside GLM's. */
export const paramKeyValuesFamily: { rule: ValueRule; form: CallForm } = {
  rule: 'verbatim',
  form: {
    dialect: 'param-key-value',
    // The name meets its first key, or the call's close: `<tool_call>get_time</tool_call>` is GLM's.
    open: /<tool_call>(?:\s|\\n)*(?<name>[\p{L}\p{N}_][\p{L}\p{N}_.:-]*)(?=\s*<param_key>)/gu,
    close: () => '</tool_call>',
    gap: /(?:\s|\\n)*/y,
    parameters: [
      {
        open: /<param_key>\s*((?:(?!<\/?param_(?:key|value)>)[^\n])*?)\s*<\/param_key>(?:\s|\\n)*<param_value>/y,
        close: '</param_value>',
        endsAtCallClose: true,
        endsAtNextParameter: true,
      },
    ],
  },
};
