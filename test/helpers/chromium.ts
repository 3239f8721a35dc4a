/**
 * The one place tests launch headless Chromium (driven by playwright-core): Debian's `chromium`
 * today, or the one `CHROMIUM_PATH` names.
 */
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
}
