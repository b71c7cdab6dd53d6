import { describe, expect, it } from 'vitest';
import { acceptsFile, ensureDataUrl, formatBytes } from './upload-file.ts';

describe('upload helpers', () => {
  it.each([
    [0, '0 Bytes'],
    [500, '500 Bytes'],
    [1536, '1.5 KB'],
    [2 * 1024 * 1024, '2 MB'],
    [20 * 1024 * 1024, '20 MB'],
    [3 * 1024 ** 3, '3 GB'],
  ])('formats %i bytes as "%s"', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });

  it('adds the PNG prefix only to bare image data', () => {
    expect(ensureDataUrl('iVBORw0KGgo=')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(ensureDataUrl('data:image/jpeg;base64,AAAA')).toBe('data:image/jpeg;base64,AAAA');
    expect(ensureDataUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(ensureDataUrl('')).toBe('');
  });

  it('matches extensions, exact types and wildcards', () => {
    const csv = new File(['a'], 'list.CSV', { type: 'text/csv' });
    expect(acceptsFile(csv, [])).toBe(true);
    expect(acceptsFile(csv, ['.csv'])).toBe(true);
    expect(acceptsFile(csv, ['text/*'])).toBe(true);
    expect(acceptsFile(csv, ['text/csv'])).toBe(true);
    expect(acceptsFile(csv, ['image/*', '.xlsx'])).toBe(false);
  });
});
