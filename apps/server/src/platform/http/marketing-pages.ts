import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { LOCALES, type Locale } from '@omnichat/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The public pages the web build renders to HTML (apps/web/scripts/prerender.mjs), by path. */
export const MARKETING_PAGES = { '/': 'home', '/about': 'about', '/pricing': 'pricing' } as const;
type Theme = 'light' | 'dark';

/** The public settings the pages show (the platform's name and logo, contact address, source code address). */
export interface MarketingSettings {
  name: string;
  logo: string;
  email: string;
  source: string;
}

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

function cookiesOf(request: FastifyRequest): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    try {
      cookies[part.slice(0, at).trim()] = decodeURIComponent(part.slice(at + 1).trim());
    } catch {}
  }
  return cookies;
}

/** The first language of Accept-Language the pages are written in (Traditional for Hong Kong, Taiwan, Macau). */
function acceptedLocale(header: string | undefined): Locale | null {
  for (const entry of (header ?? '').split(',')) {
    const tag = entry.split(';')[0]?.trim().toLowerCase() ?? '';
    if (tag.startsWith('en')) return 'en';
    if (tag.startsWith('zh')) return /hant|-hk|-tw|-mo/.test(tag) ? 'zh-hk' : 'zh-cn';
  }
  return null;
}

const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);
const isTheme = (value: unknown): value is Theme => value === 'light' || value === 'dark';

/** The page's language and theme: the address's ?lang= / ?theme=, else the cookies the web app keeps, else the browser's. */
export function pageChoice(request: FastifyRequest): { locale: Locale; theme: Theme } {
  const query = request.query as Record<string, unknown>;
  const cookies = cookiesOf(request);
  const locale = [query.lang, cookies.language].find(isLocale) ?? acceptedLocale(request.headers['accept-language']);
  const theme = [query.theme, cookies.theme].find(isTheme) ?? 'light';
  return { locale: locale ?? 'en', theme };
}

/**
 * Fills a prerendered page: the placeholders with the HTML-escaped values, and of each `<oc-if>` / `<oc-unless>`
 * pair the part that applies to the setting (contact e-mail, source address) set or not.
 */
export function fillPage(html: string, settings: MarketingSettings, origin: string): string {
  const flags: Record<string, boolean> = { email: settings.email !== '', source: settings.source !== '' };
  const values: Record<string, string> = {
    __OC_NAME__: settings.name || 'OmniChat',
    __OC_LOGO__: settings.logo || '/favicon.svg',
    __OC_EMAIL__: settings.email,
    __OC_SOURCE__: settings.source,
    __OC_ORIGIN__: origin,
    __OC_YEAR__: String(new Date().getFullYear()),
  };
  return html
    .replace(
      /<oc-(if|unless) data-key="(\w+)">([\s\S]*?)<\/oc-\1>/g,
      (_all, kind: string, key: string, inner: string) => ((kind === 'if') === Boolean(flags[key]) ? inner : ''),
    )
    .replace(/__OC_[A-Z]+__/g, (marker) => escapeHtml(values[marker] ?? ''));
}

/**
 * Serves /, /about and /pricing as the HTML the web build rendered (no app bundle: they load like a marketing
 * site's), in the visitor's language and theme, with this site's origin and the public settings filled in.
 * `?spa=1` answers the single-page app instead (the baseline of bench/public-pages.ts). Returns false when the
 * build has no prerendered pages (the SPA fallback then answers these paths, as before).
 */
export function serveMarketingPages(
  app: FastifyInstance,
  webDist: string,
  settingsOf: () => Promise<MarketingSettings>,
): boolean {
  const folder = path.join(webDist, 'prerendered');
  if (!existsSync(path.join(folder, 'home.en.light.html'))) return false;
  const files = new Map<string, string>();
  const fileOf = (name: string) => {
    let html = files.get(name);
    if (html === undefined) {
      html = readFileSync(path.join(folder, name), 'utf8');
      files.set(name, html);
    }
    return html;
  };
  // compressed answers of the last filled pages (the settings and origin rarely change)
  const compressed = new Map<string, Buffer>();

  async function answer(request: FastifyRequest, reply: FastifyReply, page: string) {
    if ((request.query as Record<string, unknown>).spa !== undefined)
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    const { locale, theme } = pageChoice(request);
    const settings = await settingsOf();
    const origin = `${request.protocol}://${request.host}`;
    const html = fillPage(fileOf(`${page}.${locale}.${theme}.html`), settings, origin);
    const accepts = String(request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding, accept-language, cookie');
    if (!encoding) return reply.send(html);
    const key = `${encoding}\n${html}`;
    let body = compressed.get(key);
    if (!body) {
      body =
        encoding === 'br'
          ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
          : gzipSync(html, { level: 9 });
      if (compressed.size >= 36) compressed.delete(compressed.keys().next().value as string);
      compressed.set(key, body);
    }
    return reply.header('content-encoding', encoding).send(body);
  }

  for (const [url, page] of Object.entries(MARKETING_PAGES))
    app.get(url, { schema: { hide: true } }, (request, reply) => answer(request, reply, page));
  return true;
}
