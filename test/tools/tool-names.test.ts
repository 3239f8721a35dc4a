/**
 * One rule for a tool name providers accept (1-64 of `[A-Za-z0-9_-]`) and one placeholder: the
 * toolbox renamer and the server's correction turns (which echo a model's invalid call back into
 * the history) reduce a name the same way.
 */
import { describe, expect, it } from 'vitest';
import { correctionTurns } from '../../src/server/correction-turns.ts';
import { assignExposedNames } from '../../src/tools/assign-exposed-names.ts';
import { isProviderToolName, toProviderToolName } from '../../src/tools/tool-names.ts';

const names = ['git.status', 'über tool', '???', '', '__', 'a\u0000b', 'fine_name', 'x'.repeat(50) + '.y'];

function echoedName(name: string): string {
  const turns = correctionTurns({ text: '', model: 'm', toolCalls: [{ id: 'c1', name, arguments: {} }] }, 'try again');
  return (turns[1] as { toolName: string }).toolName;
}

describe('provider-safe tool names', () => {
  it.each(names)('%j: the toolbox and the correction turns give the same provider-safe name', (name) => {
    const safe = toProviderToolName(name);
    expect(isProviderToolName(safe)).toBe(true);
    expect(assignExposedNames([{ name }], { collisions: 'first-keeps' })[0]!.exposedName).toBe(safe);
    expect(echoedName(name)).toBe(safe);
  });

  it('a name providers accept is kept as it is', () => {
    expect(toProviderToolName('get_weather-2')).toBe('get_weather-2');
    expect(isProviderToolName('a'.repeat(64))).toBe(true);
    expect(isProviderToolName('a'.repeat(65))).toBe(false);
  });
});
