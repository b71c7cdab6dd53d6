import { describe, expect, it } from 'vitest';
import { allowedOriginsField, normaliseOrigin } from './channels.ts';

describe('web-chat allowed sites', () => {
  it('reads a site address as the origin browsers send', () => {
    expect(normaliseOrigin('https://Shop.Example.com/')).toBe('https://shop.example.com');
    expect(normaliseOrigin('https://shop.example.com:443')).toBe('https://shop.example.com');
    expect(normaliseOrigin('http://localhost:3000')).toBe('http://localhost:3000');
    expect(normaliseOrigin('https://日本.example')).toBe('https://xn--wgv71a.example');
  });

  it('refuses anything that is not an http(s) site without path, user, query or fragment', () => {
    for (const value of [
      'https://shop.example/x',
      'https://shop.example/?',
      'https://shop.example#',
      'ftp://a.example',
      'https://u@a.example',
      'null',
      '*',
      '',
    ])
      expect(normaliseOrigin(value), value).toBeNull();
  });

  it('keeps each site once, at most 20', () => {
    expect(allowedOriginsField.parse(['https://a.example', 'https://A.example/'])).toEqual(['https://a.example']);
    const many = Array.from({ length: 21 }, (_, i) => `https://s${i}.example`);
    expect(allowedOriginsField.safeParse(many).error?.issues[0]?.message).toBe('webchat_origins_max');
  });
});
