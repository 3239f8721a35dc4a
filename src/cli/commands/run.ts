/** `reins run "<question>"`: one agent run with the configured MCP servers and model. */
import type { Command } from 'commander';
import { runSession } from '../run-session.ts';
import { loadToolConfig } from '../setup/load-tool-config.ts';
import { openStore } from '../setup/open-store.ts';
import { defaultModelString } from '../setup/pick-model.ts';
import { addRunFlags, type RunFlags } from '../setup/run-flags.ts';
import type { ProtocolName } from '../../protocols/codec.ts';

export function registerRun(program: Command, finish: (code: number) => void): void {
  addRunFlags(program.command('run').description('Answer a question with an agent: tools from MCP servers, one validated decision per turn'))
    .argument('<question>', 'what to ask the agent')
    .action(async (question: string, flags: RunFlags) => {
      const { config, sources } = await loadToolConfig(flags.config, flags.server);
      const modelString = await defaultModelString(flags.model, process.env);
      const store = openStore(flags.store);
      try {
        const code = await runSession(
          {
            target: { kind: 'new', question },
            modelString,
            protocol: flags.protocol as ProtocolName | 'auto',
            config,
            meta: { ...sources, approve: flags.approve, ...(flags.maxSteps ? { maxSteps: flags.maxSteps } : {}) },
            approve: flags.approve,
            maxSteps: flags.maxSteps,
            json: flags.json,
            input: flags.input,
          },
          store,
        );
        finish(code);
      } finally {
        await store.close();
      }
    });
}
