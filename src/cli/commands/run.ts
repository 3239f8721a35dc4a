/** `reins run "<question>"`: one agent run with the configured MCP servers and model. */
import type { Command } from 'commander';
import { addRunFlags, type RunFlags } from '../setup/run-flags.ts';
import type { ProtocolName } from '../../protocols/codec.ts';

export function registerRun(program: Command, finish: (code: number) => void): void {
  addRunFlags(program.command('run').description('Answer a question with an agent: tools from MCP servers, one validated decision per turn'))
    .argument('<question>', 'what to ask the agent')
    .action(async (question: string, flags: RunFlags) => {
      const [{ runSession }, { loadToolConfig }, { openStore }, { defaultModelString }] = await Promise.all([
        import('../run-session.ts'),
        import('../setup/load-tool-config.ts'),
        import('../setup/open-store.ts'),
        import('../setup/pick-model.ts'),
      ]);
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
            meta: {
              ...sources,
              approve: flags.approve,
              ...(flags.maxSteps ? { maxSteps: flags.maxSteps } : {}),
              ...(flags.bestEffort === undefined ? {} : { bestEffort: flags.bestEffort }),
            },
            approve: flags.approve,
            maxSteps: flags.maxSteps,
            ...(flags.bestEffort === undefined ? {} : { bestEffortAnswer: flags.bestEffort }),
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
