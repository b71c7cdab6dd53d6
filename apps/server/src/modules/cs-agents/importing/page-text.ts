import { type HTMLElement, parse } from 'node-html-parser';
import { tidyText } from './extract-text.ts';

/** Parts of a page that are not its content: code, styling, menus, forms and embedded frames. */
const NOT_CONTENT = 'script, style, noscript, template, svg, canvas, iframe, nav, aside, form, button';
/** the site's own header and footer, around a body read whole (an article's header holds its heading) */
const SITE_FRAME = 'header, footer';

/** The charset a page declares: its content type's, else a `<meta>` in its first bytes; UTF-8 otherwise. */
function charsetOf(bytes: Uint8Array, contentType: string): string {
  const declared = /charset=["']?([\w-]+)/i.exec(contentType)?.[1];
  const meta = /<meta[^>]+charset=["']?([\w-]+)/i.exec(new TextDecoder('latin1').decode(bytes.subarray(0, 4096)))?.[1];
  return (declared ?? meta ?? 'utf-8').toLowerCase();
}

function decodePage(bytes: Uint8Array, contentType: string): string {
  try {
    return new TextDecoder(charsetOf(bytes, contentType)).decode(bytes);
  } catch {
    return new TextDecoder().decode(bytes);
  }
}

/** The block that holds the page's content: its `<main>` or single `<article>` when it has one, else the body. */
function contentOf(root: HTMLElement): { content: HTMLElement; whole: boolean } {
  const articles = root.querySelectorAll('article');
  const main = root.querySelector('main') ?? (articles.length === 1 ? articles[0]! : null);
  return main ? { content: main, whole: false } : { content: root.querySelector('body') ?? root, whole: true };
}

/**
 * A web page as an article: its `<title>` (else its first heading) and its readable text, headings, paragraphs and
 * list items each on their own line, without scripts, styles, menus, headers and footers.
 */
export function pageText(bytes: Uint8Array, contentType: string): { title: string; text: string } {
  const root = parse(decodePage(bytes, contentType), { comment: false });
  const title = (root.querySelector('title')?.text ?? root.querySelector('h1')?.text ?? '').replace(/\s+/g, ' ').trim();
  const { content, whole } = contentOf(root);
  for (const element of content.querySelectorAll(whole ? `${NOT_CONTENT}, ${SITE_FRAME}` : NOT_CONTENT))
    element.remove();
  return { title, text: tidyText(content.structuredText) };
}
