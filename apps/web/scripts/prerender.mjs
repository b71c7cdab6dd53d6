/**
 * Renders the public pages (/, /about, /pricing) to HTML, one file per page, language and theme, into
 * dist/prerendered/ (served by apps/server's marketing-pages.ts): antd's styles inlined, the page's own CSS inlined,
 * and only public/marketing.js (the language, theme and billing-cycle switches) as script: no app bundle.
 * Run by `npm run build` after `vite build` and `vite build -c vite.prerender.config.ts`; the server's tests pass
 * their own renderer and folder: `node scripts/prerender.mjs [renderer.js] [dist folder]`.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [renderer = path.join(web, 'dist-prerender', 'render.js'), dist = path.join(web, 'dist')] = process.argv.slice(2);
const out = path.join(dist, 'prerendered');
const { renderPage, PAGES, HTML_LANG } = await import(pathToFileURL(path.resolve(renderer)).href);

const LOCALES = ['en', 'zh-hk', 'zh-cn'];
const THEMES = ['light', 'dark'];
const css = (file) => readFileSync(path.join(web, 'src', file), 'utf8');
// the app's base styles (fonts, the dark page) and the public pages' own, minus comments and indentation (after
// antd's, as in the app, where they win over antd's :where() rules of the same weight)
const pageCss = [css('app/global.css'), css('features/marketing/marketing.css')]
  .join('\n')
  .replace(/\/\*[\s\S]*?\*\//g, '')
  .replace(/\n\s*/g, '');
const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
let bytes = 0;
for (const page of Object.keys(PAGES))
  for (const locale of LOCALES)
    for (const theme of THEMES) {
      const { body, css: antdCss, title, description } = await renderPage(page, locale, theme);
      const html = `<!doctype html>
<html lang="${HTML_LANG[locale]}" data-theme="${theme}" data-locale="${locale}" style="color-scheme:${theme}">
<head>
<meta charset="UTF-8" />
<meta name="viewport" content="width=device-width, initial-scale=1.0" />
<title>${escapeHtml(title)}</title>
<meta name="description" content="${escapeHtml(description)}" />
<meta name="theme-color" content="#1677ff" />
<link rel="icon" type="image/svg+xml" href="/favicon.svg" />
<link rel="manifest" href="/manifest.webmanifest" />
<style>${antdCss}</style>
<style>${pageCss}</style>
<script src="/marketing.js" defer></script>
</head>
<body>
<div id="root">${body}</div>
</body>
</html>
`;
      bytes += html.length;
      writeFileSync(path.join(out, `${page}.${locale}.${theme}.html`), html);
    }
console.log(
  `prerendered ${Object.keys(PAGES).length} pages × ${LOCALES.length} languages × ${THEMES.length} themes (${Math.round(bytes / 1024)} KB) into dist/prerendered/`,
);
