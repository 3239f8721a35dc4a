/**
 * `reins ui` as a user runs it (a real process over a sessions file) with a headless Chromium page
 * on it; `close` ends both.
 */
import type { Browser, Page } from 'playwright-core';
import { startReins } from '../cli/cli-process.ts';
import { launchChromium } from '../helpers/launch-chromium.ts';

export interface UiViewer {
  /** The address `reins ui` printed, with its access token. */
  url: URL;
  browser: Browser;
  page: Page;
  close(): Promise<void>;
}

export async function openUiViewer(store: string, cwd: string, env: Record<string, string> = {}): Promise<UiViewer> {
  const ui = startReins(['ui', '--store', store, '--no-open'], { cwd, env });
  const url = new URL((await ui.line((line) => line.startsWith('reins ui: '))).slice('reins ui: '.length));
  const browser = await launchChromium();
  const page = await browser.newPage();
  return {
    url,
    browser,
    page,
    close: async () => {
      await browser.close();
      ui.killHard();
      await ui.finished.catch(() => undefined);
    },
  };
}
