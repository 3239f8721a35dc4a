/**
 * DBOS for the modules of reins/durable, loaded when reins/durable is first imported: without
 * `@dbos-inc/dbos-sdk` installed, that import fails with a ConfigError naming the install command.
 */
import { loadDbos } from './load-dbos.ts';

export const { DBOS, DBOSClient } = await loadDbos('reins/durable');
