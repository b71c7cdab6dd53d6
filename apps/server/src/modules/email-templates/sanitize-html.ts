import { type HTMLElement, type Node, NodeType, parse, type TextNode } from 'node-html-parser';

/**
 * A template's rich-text body reduced to an allow-list of tags and attributes, rebuilt from the parsed tree (never
 * the input's own markup): no scripts, styles sheets, frames, forms, event handlers, `javascript:` or `data:` links.
 * A tag not allowed is dropped and its content kept; one whose content is code or another document goes with it.
 */
const ALLOWED: Record<string, readonly string[]> = {
  p: [],
  div: [],
  span: [],
  br: [],
  hr: [],
  b: [],
  strong: [],
  i: [],
  em: [],
  u: [],
  s: [],
  strike: [],
  sub: [],
  sup: [],
  code: [],
  pre: [],
  blockquote: [],
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  ul: [],
  ol: [],
  li: [],
  a: ['href', 'title', 'target'],
  img: ['src', 'alt', 'width', 'height'],
  table: ['border', 'cellpadding', 'cellspacing', 'width'],
  thead: [],
  tbody: [],
  tr: [],
  th: ['colspan', 'rowspan', 'align'],
  td: ['colspan', 'rowspan', 'align'],
};
/** Every allowed tag may carry these. */
const COMMON = ['style', 'align'];
const VOID = new Set(['br', 'hr', 'img']);
/** Dropped with everything inside. */
const DROPPED = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'template',
  'noscript',
  'svg',
  'math',
  'head',
  'title',
  'meta',
  'link',
  'base',
  'form',
  'textarea',
  'select',
  'button',
  'input',
]);

/** Style properties kept: looks only, no positions, no URLs. */
const STYLE_PROPERTIES = new Set([
  'color',
  'background-color',
  'font-weight',
  'font-style',
  'font-size',
  'text-decoration',
  'text-align',
]);
const STYLE_VALUE = /^[#\w\s.,%()-]+$/;

/** Links open a web page, write an e-mail or call; a variable may follow such a start (`https://x.test/{{id}}`). */
const SAFE_HREF = /^(https?:\/\/|mailto:|tel:|#)/i;
const SAFE_SRC = /^https?:\/\//i;

export const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

function cleanStyle(style: string): string {
  return style
    .split(';')
    .map((declaration) => {
      const [property, ...rest] = declaration.split(':');
      const name = property?.trim().toLowerCase() ?? '';
      const value = rest.join(':').trim();
      if (!STYLE_PROPERTIES.has(name) || !STYLE_VALUE.test(value) || /url|expression/i.test(value)) return '';
      return `${name}: ${value}`;
    })
    .filter(Boolean)
    .join('; ');
}

function cleanAttribute(tag: string, name: string, value: string): string | null {
  // browsers ignore control characters and spaces inside a scheme: `java\tscript:`
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const compact = value.replace(/[\u0000-\u0020]/g, '');
  if (name === 'href') return SAFE_HREF.test(compact) ? value.trim() : null;
  if (name === 'src') return SAFE_SRC.test(compact) ? value.trim() : null;
  if (name === 'style') return cleanStyle(value) || null;
  if (name === 'target') return value === '_blank' ? '_blank' : null;
  if (['width', 'height', 'colspan', 'rowspan', 'border', 'cellpadding', 'cellspacing'].includes(name))
    return /^\d{1,4}%?$/.test(value.trim()) ? value.trim() : null;
  if (name === 'align') return /^(left|right|center|justify)$/i.test(value.trim()) ? value.trim().toLowerCase() : null;
  return tag && value.length <= 1000 ? value : null;
}

function serialize(node: Node): string {
  if (node.nodeType === NodeType.TEXT_NODE) return escapeHtml((node as TextNode).text);
  if (node.nodeType !== NodeType.ELEMENT_NODE) return '';
  const element = node as HTMLElement;
  const tag = (element.rawTagName ?? '').toLowerCase();
  const inner = () => element.childNodes.map(serialize).join('');
  if (!tag) return inner(); // the root
  if (DROPPED.has(tag)) return '';
  const allowed = ALLOWED[tag];
  if (!allowed) return inner();
  const attributes: string[] = [];
  for (const [name, value] of Object.entries(element.attributes)) {
    const key = name.toLowerCase();
    if (!allowed.includes(key) && !COMMON.includes(key)) continue;
    const clean = cleanAttribute(tag, key, value);
    if (clean !== null) attributes.push(` ${key}="${escapeHtml(clean)}"`);
  }
  if (tag === 'a' && attributes.some((a) => a.startsWith(' target='))) attributes.push(' rel="noopener noreferrer"');
  const open = `<${tag}${attributes.join('')}>`;
  return VOID.has(tag) ? open : `${open}${inner()}</${tag}>`;
}

export function sanitizeHtml(html: string): string {
  if (!html.trim()) return '';
  const root = parse(html, { comment: false, blockTextElements: { script: true, style: true, noscript: true } });
  return serialize(root).trim();
}

/** The body as plain text, for mail clients that show no HTML. */
export function htmlToText(html: string): string {
  const withBreaks = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|tr|blockquote|pre)>/gi, '\n')
    .replace(/<li[^>]*>/gi, '- ')
    .replace(/<a [^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, text: string) =>
      href && !text.includes(href) ? `${text} (${href})` : text,
    );
  return parse(withBreaks)
    .text.replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
