/**
 * Every dialect reins can read, in the order drift is tried: reins' own protocols first, then the
 * dialects open models were trained on (the specific ones first, then the generic readers of call
 * shapes, special-token forms, XML-ish forms and pythonic calls).
 */
import type { DialectReader } from '../reading.ts';
import { envelopeActionsReader } from './envelope-actions.ts';
import { hermesReader } from './hermes.ts';
import { jsonCallShapesReader } from './json-call-shapes.ts';
import { jsonDecisionReader } from './json-decision.ts';
import { lineCommandReader } from './line-command.ts';
import { llama3Reader } from './llama3.ts';
import { mistralReader } from './mistral.ts';
import { pythonicCallsReader } from './pythonic-calls.ts';
import { qwenXmlReader } from './qwen-xml.ts';
import { tokenCallsReader } from './token-calls.ts';
import { xmlCallsReader } from './xml-calls.ts';
import { xmlToolCodeReader } from './xml-tool-code.ts';

export const driftReaders: readonly DialectReader[] = [
  jsonDecisionReader,
  envelopeActionsReader,
  xmlToolCodeReader,
  lineCommandReader,
  qwenXmlReader,
  hermesReader,
  mistralReader,
  llama3Reader,
  jsonCallShapesReader,
  tokenCallsReader,
  xmlCallsReader,
  pythonicCallsReader,
];
