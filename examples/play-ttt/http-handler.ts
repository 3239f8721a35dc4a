/**
 * play_ttt over Streamable HTTP for both protocol eras, as a web-standard `fetch` handler
 * (`bothErasHttpHandler` of reins/server): 2026-07-28 requests get a fresh server each (the game's
 * progress rides `requestState`), 2025-era traffic a sessionful transport (the server pushes sampling
 * and elicitation on the call's response stream).
 */
import { bothErasHttpHandler, type BothErasHttpHandler, type SamplingContextOptions } from '../../src/server/index.ts';
import { createPlayTttServer } from './play-ttt-tool.ts';

export function playTttHttpHandler(options: SamplingContextOptions = {}): BothErasHttpHandler {
  return bothErasHttpHandler(() => createPlayTttServer(options));
}
