/**
 * The HTML shell of each page: the import map, the styles and the page's module; and the page's
 * Content-Security-Policy. The pages render model and tool text (escaped by preact); the policy is
 * the second line of defence: scripts only from this server (no inline script but the import map,
 * allowed by its hash), no remote origin for anything, no plugins, no framing.
 */
import { createHash } from 'node:crypto';
import { IMPORT_MAP } from './web-assets.ts';

const IMPORT_MAP_JSON = JSON.stringify(IMPORT_MAP);

export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  `script-src 'self' 'sha256-${createHash('sha256').update(IMPORT_MAP_JSON).digest('base64')}'`,
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function pageHtml(title: string, module: string, data: Record<string, string> = {}): string {
  const attributes = Object.entries(data)
    .map(([name, value]) => ` data-${name}="${escape(value)}"`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escape(title)} · reins ui</title>
<link rel="stylesheet" href="/web/style.css">
<script type="importmap">${IMPORT_MAP_JSON}</script>
</head>
<body>
<main id="app"${attributes}></main>
<script type="module" src="/web/${module}"></script>
</body>
</html>
`;
}

export function notFoundHtml(what: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Not found · reins ui</title><link rel="stylesheet" href="/web/style.css"></head>
<body><main class="not-found"><h1>404</h1><p>${escape(what)}</p><p><a href="/">All runs</a></p></main></body></html>
`;
}
