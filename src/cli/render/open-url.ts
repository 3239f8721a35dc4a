/**
 * Opens a URL in the browser, detached: `$BROWSER` when set (a command, `%s` standing for the URL,
 * else the URL is its last argument), else the platform's opener. A failure leaves the printed URL
 * to the user.
 */
import { spawn } from 'node:child_process';

export function openInBrowser(url: string, env: Record<string, string | undefined> = process.env): void {
  const browser = env.BROWSER?.split(':')[0]?.trim();
  const platform = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  const words = browser ? browser.split(/\s+/) : [platform];
  const args = words.slice(1).map((word) => word.replaceAll('%s', url));
  if (!words.some((word) => word.includes('%s'))) args.push(url);
  try {
    spawn(words[0]!, args, { detached: true, stdio: 'ignore' }).on('error', () => undefined).unref();
  } catch {
    // The URL is on screen.
  }
}
