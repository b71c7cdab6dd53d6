import { describe, expect, it } from 'vitest';
import { isInlineMediaType } from './inline-media.ts';

describe('isInlineMediaType', () => {
  it('shows raster images, audio, video and PDF in place', () => {
    for (const type of [
      'image/png',
      'IMAGE/JPEG',
      'image/webp; q=1',
      'audio/ogg; codecs=opus',
      'video/mp4',
      'application/pdf',
    ])
      expect(isInlineMediaType(type), type).toBe(true);
  });

  it('only ever downloads SVG, HTML, XML, documents and unknown types', () => {
    for (const type of [
      'image/svg+xml',
      'text/html',
      'application/xhtml+xml',
      'text/xml',
      'application/msword',
      '',
      null,
    ])
      expect(isInlineMediaType(type), String(type)).toBe(false);
  });
});
