import { z } from 'zod';

/**
 * Text PostgreSQL cannot store, or stores corrupted: a NUL character (refused in `text`), and a UTF-16
 * surrogate without its pair (not encodable as UTF-8). Without the `u` flag the pattern reads code units.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

export const isSafeText = (value: string): boolean => !value.includes('\u0000') && !LONE_SURROGATE.test(value);
/** `value` with each character PostgreSQL cannot store replaced by U+FFFD (for text the server writes itself). */
export const toStorableText = (value: string): string =>
  value.replaceAll('\u0000', '\ufffd').replace(LONE_SURROGATES, '\ufffd');

/**
 * The path of the first string (or object key) holding text PostgreSQL cannot store, anywhere in `value`
 * (objects, arrays, nested, walked without recursion so any depth is fine); `[]` when `value` itself is such a
 * string; null when everything is fine. A bad key is named with its bad characters replaced by U+FFFD.
 */
export function findInvalidText(value: unknown): (string | number)[] | null {
  // depth-first in document order; each frame links to its parent, so the path is built only when needed
  interface Frame {
    node: unknown;
    key: string | number;
    parent: Frame | null;
  }
  const pathOf = (frame: Frame | null, last?: string): (string | number)[] => {
    const path: (string | number)[] = last === undefined ? [] : [last];
    for (let at = frame; at?.parent; at = at.parent) path.unshift(at.key);
    return path;
  };
  const stack: Frame[] = [{ node: value, key: '', parent: null }];
  for (let frame = stack.pop(); frame; frame = stack.pop()) {
    const { node } = frame;
    if (typeof node === 'string') {
      if (!isSafeText(node)) return pathOf(frame);
    } else if (Array.isArray(node)) {
      for (let index = node.length - 1; index >= 0; index--)
        stack.push({ node: node[index], key: index, parent: frame });
    } else if (node !== null && typeof node === 'object') {
      const entries = Object.entries(node);
      const badKey = entries.find(([key]) => !isSafeText(key));
      if (badKey) return pathOf(frame, toStorableText(badKey[0]));
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, item] = entries[index]!;
        stack.push({ node: item, key, parent: frame });
      }
    }
  }
  return null;
}

/** A string schema that also refuses text PostgreSQL cannot store, with the catalogue's message. */
export const safeText = <S extends z.ZodType<string>>(schema: S = z.string() as unknown as S) =>
  schema.refine(isSafeText, { error: 'text_invalid_characters' });
