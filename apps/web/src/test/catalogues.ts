import { expect } from 'vitest';

/** A nested catalogue as `path.to.key` → text. */
export function flattenTexts(value: object, prefix = ''): Record<string, string> {
  return Object.entries(value).reduce<Record<string, string>>((all, [key, inner]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof inner === 'string') all[path] = inner;
    else Object.assign(all, flattenTexts(inner as object, path));
    return all;
  }, {});
}

/**
 * A translation holds every English key, each filled and with the English placeholders; `translated` also
 * requires each text to differ from the English one.
 */
export function expectCompleteTranslation(english: object, other: object, { translated = false } = {}) {
  const source = flattenTexts(english);
  const target = flattenTexts(other);
  expect(Object.keys(target).sort()).toEqual(Object.keys(source).sort());
  const placeholders = (value: string) => (value.match(/\{\{\w+\}\}/g) ?? []).sort();
  for (const [key, text] of Object.entries(source)) {
    expect(target[key]?.trim(), key).toBeTruthy();
    if (translated) expect(target[key], key).not.toBe(text);
    expect(placeholders(target[key]!), key).toEqual(placeholders(text));
  }
}
