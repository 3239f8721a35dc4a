import { describe, expect, it } from 'vitest';
import * as reins from '../../src/index.ts';
import * as errors from '../../src/errors/index.ts';
import * as testing from '../../src/testing/index.ts';
import * as protocolsEntry from '../../src/protocols/index.ts';

describe('public entry points', () => {
  it('the root entry exports the stable API of DESIGN §3', () => {
    for (const name of ['createAgent', 'defineTool', 'parseDecision', 'getCodec', 'LocalToolbox', 'mergeToolboxes', 'toUserChannel', 'defaultApproval'])
      expect(typeof reins[name as keyof typeof reins]).toBe('function');
    expect(Object.keys(reins.protocols).sort()).toEqual(['envelope', 'json', 'line', 'native', 'xml']);
    expect(reins.DECISION_SCHEMA.oneOf).toHaveLength(3);
    expect(reins.MaxStepsError.errorName).toBe('Reins_MaxStepsError');
  });

  it('the root entry re-exports every error class, so users can catch any of them from `reins`', () => {
    const errorClassNames = Object.entries(errors)
      .filter(([, value]) => typeof value === 'function' && 'errorName' in value)
      .map(([name]) => name);
    expect(errorClassNames.length).toBeGreaterThan(20);
    const missing = errorClassNames.filter((name) => !(name in reins));
    expect(missing).toEqual([]);
  });

  it('the root entry keeps codec internals behind reins/protocols', () => {
    const internals = ['tailMatchCheck', 'neverComplete', 'jsonCompletionCheck', 'lineCompletionCheck', 'textHistory', 'toolMessageHistory', 'schemaLimits', 'maxValueDepth', 'reservedToolNames', 'isReservedToolName'];
    expect(internals.filter((name) => name in reins)).toEqual([]);
    expect(internals.filter((name) => !(name in protocolsEntry))).toEqual([]);
  });

  it('reins/testing exports the test doubles', () => {
    expect(typeof testing.ScriptedModel).toBe('function');
    expect(typeof testing.MockModel).toBe('function');
    expect(typeof testing.ChaosModel).toBe('function');
    expect(testing.damageKinds).toContain('two-actions');
  });

  it('parseDecision and an agent agree on the same text', async () => {
    const text = '{"action":"answer_user","answer":"42"}';
    const parsed = reins.parseDecision('json', text, { tools: [] });
    expect(parsed.success && parsed.decision).toEqual({ action: 'answer_user', answer: '42' });
    const result = await reins.createAgent({ model: new testing.ScriptedModel([text]), protocol: 'json' }).run('q').result;
    expect(result.answer).toBe('42');
  });
});
