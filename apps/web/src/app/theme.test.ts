import { theme as antdTheme } from 'antd';
import { describe, expect, it } from 'vitest';
import { contrastRatio, mixColors, PRESET_COLORS, readableOn, themeConfig } from './theme.ts';

/** A token colour as drawn on `background`: `rgba(…)` composited, `#rrggbb` as is. */
function drawn(color: string, background: string): string {
  const rgba = /rgba\((\d+),\s*(\d+),\s*(\d+),\s*([\d.]+)\)/.exec(color);
  if (!rgba) return color.slice(0, 7);
  const [, r, g, b, alpha] = rgba.map(Number) as [number, number, number, number, number];
  const hex = `#${[r, g, b].map((value) => value.toString(16).padStart(2, '0')).join('')}`;
  return mixColors(background, hex, alpha);
}

describe('contrast helpers', () => {
  it('measures WCAG contrast and picks the first readable colour', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21);
    expect(contrastRatio('#1677ff', '#ffffff')).toBeCloseTo(4.1, 1);
    expect(readableOn('#ffffff', ['#8c8c8c', '#595959', '#000000'])).toBe('#595959');
    expect(mixColors('#000000', '#ffffff', 0.5)).toBe('#808080');
  });
});

it('keeps the white text of danger buttons at 4.5:1 in the light theme', () => {
  const token = antdTheme.getDesignToken(themeConfig('light'));
  expect(contrastRatio('#ffffff', token.colorError)).toBeGreaterThanOrEqual(4.5);
});

describe.each(['light', 'dark'] as const)('the %s theme', (mode) => {
  const config = themeConfig(mode);
  const token = antdTheme.getDesignToken(config) as unknown as Record<string, string>;
  const pages = [token.colorBgContainer!, token.colorBgLayout!, token.colorBgElevated!];

  it('keeps secondary texts, placeholders and links at 4.5:1 on every surface', () => {
    for (const page of pages)
      for (const name of [
        'colorText',
        'colorTextSecondary',
        'colorTextTertiary',
        'colorTextDescription',
        'colorTextPlaceholder',
        'colorLink',
      ])
        expect(contrastRatio(drawn(token[name]!, page), page), `${name} on ${page}`).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps the white text of primary buttons at 4.5:1', () => {
    expect(contrastRatio('#ffffff', token.colorPrimary!)).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps error messages and the selected menu item readable', () => {
    const formError = (config.components?.Form as { colorError?: string } | undefined)?.colorError ?? token.colorError!;
    expect(contrastRatio(formError, token.colorBgContainer!)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(token.colorErrorText!, token.colorBgContainer!)).toBeGreaterThanOrEqual(4.5);
    const menu = config.components?.Menu as { itemSelectedColor?: string } | undefined;
    const selected = menu?.itemSelectedColor ?? token.colorPrimary!;
    expect(contrastRatio(selected, token.colorPrimaryBg!)).toBeGreaterThanOrEqual(4.5);
  });

  it('gives every preset and status tag a text colour that reads on its background', () => {
    const tag = config.components?.Tag as Record<string, string>;
    for (const preset of PRESET_COLORS)
      expect(contrastRatio(tag[`${preset}7`]!, token[`${preset}1`]!), preset).toBeGreaterThanOrEqual(4.5);
    for (const status of ['Success', 'Info', 'Error', 'Warning'])
      expect(contrastRatio(tag[`color${status}`]!, token[`color${status}Bg`]!), status).toBeGreaterThanOrEqual(4.5);
  });
});
