// The HTML document around a prerendered body: head from headFor(), assets from the Vite
// manifest, and the boot data the client hydrates from (the page's data; its language's chrome
// is a file of its own that the head preloads, so that pages do not repeat it).
import type { HeadInfo } from '../routes/head.ts';
import { escapeHtml } from '../content/escape-html.ts';
import { CONSENT_CHECK_SCRIPT } from '../routes/consent-check.ts';

export interface DocumentAssets {
  entry: string;
  /** "Leave this site": loaded async, so that it works before the app has hydrated. */
  leaveSite: string;
  styles: string[];
  preloads: string[];
}

// JSON inside <script> must not close the element or open a comment.
const escapeJsonForScript = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** A complete HTML document. */
export function renderDocument(options: {
  head: HeadInfo;
  body: string;
  boot: unknown;
  /** The JSON files the client needs before it hydrates (the chrome), fetched with the page. */
  jsonPreloads: string[];
  buildHash: string;
  assets: DocumentAssets;
  /** A site with statistics: the consent check runs before the first paint (ADR 0024). */
  consentCheck?: boolean;
}): string {
  const { head, body, boot, jsonPreloads, buildHash, assets, consentCheck = false } = options;
  const links = [
    head.canonical ? `<link rel="canonical" href="${escapeHtml(head.canonical)}" data-head>` : '',
    ...head.alternates.map(
      (alternate) =>
        `<link rel="alternate" hreflang="${escapeHtml(alternate.hreflang)}" href="${escapeHtml(alternate.href)}" data-head>`,
    ),
    ...head.feeds.map(
      (feed) =>
        `<link rel="alternate" type="${feed.type}" title="${escapeHtml(feed.title)}" href="${escapeHtml(feed.href)}" data-head>`,
    ),
    head.noindex ? '<meta name="robots" content="noindex">' : '',
    ...assets.styles.map((href) => `<link rel="stylesheet" href="${href}">`),
    ...assets.preloads.map((href) => `<link rel="modulepreload" href="${href}">`),
    // crossorigin: the mode and credentials of a same-origin fetch(), so that fetch reuses it.
    ...jsonPreloads.map(
      (href) => `<link rel="preload" href="${escapeHtml(href)}" as="fetch" crossorigin>`,
    ),
  ].filter(Boolean);
  return `<!doctype html>
<html lang="${escapeHtml(head.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(head.title)}</title>
<meta name="description" content="${escapeHtml(head.description)}">
<meta name="build-hash" content="${escapeHtml(buildHash)}">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
${consentCheck ? `<script>${CONSENT_CHECK_SCRIPT}</script>\n` : ''}${links.join('\n')}
<script type="module" src="${assets.leaveSite}" async></script>
<script type="module" src="${assets.entry}"></script>
</head>
<body>
<div id="root">${body}</div>
<script type="application/json" id="__GUICHET_DATA__">${escapeJsonForScript(JSON.stringify(boot))}</script>
</body>
</html>
`;
}
