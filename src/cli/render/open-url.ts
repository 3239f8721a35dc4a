/** Opens a URL with the platform's opener, detached; a failure leaves the printed URL to the user. */
import { spawn } from 'node:child_process';

export function openInBrowser(url: string): void {
  const opener = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  try {
    spawn(opener, [url], { detached: true, stdio: 'ignore' }).on('error', () => undefined).unref();
  } catch {
    // The URL is on screen.
  }
}
