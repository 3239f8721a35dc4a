/**
 * Every string inside a read value, at any depth: markup a call's values hold is that call's text,
 * never another call (`uncovered-call.ts`, `dialects/unwrapped-calls.ts`).
 */
import { isRecord } from './read-json.ts';

export function stringValues(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const item of value) stringValues(item, into);
  else if (isRecord(value)) for (const item of Object.values(value)) stringValues(item, into);
  return into;
}
