/**
 * Real headless Chromium for tests, from npm: the chrome-headless-shell build of `@sparticuz/chromium`
 * driven by playwright-core. No system package and no download: the package ships the browser
 * compressed, and the first launch on a machine unpacks it once into a folder of the temporary
 * directory that every later launch (any test file, any run) reuses. `CHROMIUM_PATH` picks another
 * browser binary instead.
 *
 * Usage: `const browser = await launchChromium(); try { ... } finally { await browser.close(); }`
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { chromium, type Browser, type LaunchOptions } from 'playwright-core';

const run = promisify(execFile);

/** The folder holding the unpacked browser (`chromium`), its fonts and its software GL. */
async function unpackedChromium(): Promise<string> {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('@sparticuz/chromium');
  const { version } = JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as { version: string };
  const folder = join(tmpdir(), `reins-chromium-${version}`);
  if (existsSync(join(folder, 'chromium'))) return folder;
  // The package unpacks into TMPDIR in place, and not atomically: a child process unpacks into a
  // private folder, which is then renamed into place (concurrent test files race for the rename).
  const partial = mkdtempSync(`${folder}-partial-`);
  try {
    const script = `const { default: chromium } = await import(${JSON.stringify(pathToFileURL(entry).href)}); await chromium.executablePath();`;
    await run(process.execPath, ['--input-type=module', '--eval', script], { env: { ...process.env, TMPDIR: partial } });
    // The package's fonts.conf names /tmp/fonts; Chromium aborts on its first text without a font.
    const fonts = join(folder, 'fonts');
    writeFileSync(join(partial, 'fonts', 'fonts.conf'), `<?xml version="1.0"?>\n<fontconfig><dir>${fonts}/fonts</dir><cachedir>${fonts}/cache</cachedir></fontconfig>\n`);
    renameSync(partial, folder);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(join(folder, 'chromium'))) throw error; // else another test file unpacked it first
  }
  return folder;
}

/** A headless Chromium (playwright-core's `Browser`); the caller closes it. */
export async function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  const custom = process.env.CHROMIUM_PATH;
  const folder = custom ? undefined : await unpackedChromium();
  return chromium.launch({
    ...options,
    executablePath: custom ?? join(folder!, 'chromium'),
    // Root in CI: Chromium's sandbox needs a user namespace that containers rarely allow.
    args: ['--no-sandbox', ...(options.args ?? [])],
    env: { ...process.env, ...(folder ? { FONTCONFIG_PATH: join(folder, 'fonts') } : {}), ...options.env },
  });
}
