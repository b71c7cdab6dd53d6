import { theme as antdTheme, type ThemeConfig } from 'antd';
import type { ThemeMode } from './storage.ts';

/**
 * The antd theme of both modes, with text that keeps WCAG AA contrast (4.5:1) on the backgrounds it sits on:
 * antd's defaults miss it for secondary text (45 % black), the brand blue (#1677ff, 4.1:1 with white), blue text in
 * dark mode and the tags' coloured text. The end-to-end journeys check every page they visit with axe-core.
 */

const linear = (channel: number) => {
  const value = channel / 255;
  return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
};
const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((start) => linear(Number.parseInt(hex.slice(start, start + 2), 16)));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};

/** WCAG 2 contrast ratio of two opaque `#rrggbb` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The first of `candidates` that reads at 4.5:1 on `background`, else the one that reads best. */
export function readableOn(background: string, candidates: string[]): string {
  const readable = candidates.find((color) => contrastRatio(color, background) >= 4.5);
  return (
    readable ??
    candidates.reduce((best, color) =>
      contrastRatio(color, background) > contrastRatio(best, background) ? color : best,
    )
  );
}

/** `a` mixed with `b`: `weight` 0 is `a`, 1 is `b` (opaque `#rrggbb` colours). */
export function mixColors(a: string, b: string, weight: number): string {
  const channel = (hex: string, start: number) => Number.parseInt(hex.slice(start, start + 2), 16);
  return `#${[1, 3, 5]
    .map((start) => Math.round(channel(a, start) * (1 - weight) + channel(b, start) * weight))
    .map((value) => value.toString(16).padStart(2, '0'))
    .join('')}`;
}

const SEED = { colorPrimary: '#1064e0', borderRadius: 8 };

/** The blue of text and links in dark mode: antd's dark primary (#1158c1) is a fill, 2.8:1 on the dark page. */
const DARK_BLUE_TEXT = '#65a9f3';
/** The red of error texts in dark mode (a form field's message): antd's (#dc4446) reads at 4.35:1. */
const DARK_RED_TEXT = '#f07d7a';

const MODE_TOKENS: Record<ThemeMode, ThemeConfig['token']> = {
  light: {
    // antd's #ff4d4f reads at 3.3:1 as an error message and under a danger button's white text
    colorError: '#cf1322',
    colorLink: SEED.colorPrimary,
    colorTextTertiary: 'rgba(0, 0, 0, 0.58)',
    colorTextDescription: 'rgba(0, 0, 0, 0.58)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.58)',
  },
  dark: {
    colorLink: DARK_BLUE_TEXT,
    colorLinkHover: '#8dc5f8',
    colorLinkActive: '#3c89e8',
    colorErrorText: DARK_RED_TEXT,
    colorTextTertiary: 'rgba(255, 255, 255, 0.55)',
    colorTextDescription: 'rgba(255, 255, 255, 0.55)',
    colorTextPlaceholder: 'rgba(255, 255, 255, 0.55)',
  },
};

/** antd's preset tag colours (a tag's text is shade 7 on shade 1). */
export const PRESET_COLORS = [
  'blue',
  'purple',
  'cyan',
  'green',
  'magenta',
  'pink',
  'red',
  'orange',
  'yellow',
  'volcano',
  'geekblue',
  'lime',
  'gold',
] as const;
const STATUS_PALETTES = { Success: 'green', Info: 'blue', Error: 'red', Warning: 'gold' } as const;

/**
 * The tags' text colours, darker (light mode) or lighter (dark mode) shades of the same palette where antd's own
 * do not read on the tag's background: preset colours take shade 7 on shade 1, status colours (success,
 * processing, error, warning) their main colour on its background.
 */
function tagTokens(algorithm: ThemeConfig['algorithm']): Record<string, string> {
  const token = antdTheme.getDesignToken({ algorithm, token: SEED }) as unknown as Record<string, string>;
  const shades = (palette: string) => [7, 8, 9, 10].map((shade) => token[`${palette}${shade}`]!);
  const tokens: Record<string, string> = {};
  for (const palette of PRESET_COLORS) tokens[`${palette}7`] = readableOn(token[`${palette}1`]!, shades(palette));
  for (const [status, palette] of Object.entries(STATUS_PALETTES)) {
    tokens[`color${status}`] = readableOn(token[`color${status}Bg`]!, [token[`color${status}`]!, ...shades(palette)]);
  }
  return tokens;
}

const cache = new Map<ThemeMode, ThemeConfig>();

/** The ConfigProvider theme of a mode (computed once per mode); `motion` off when the user asked for less. */
export function themeConfig(mode: ThemeMode, motion = true): ThemeConfig {
  let base = cache.get(mode);
  if (!base) {
    const algorithm = mode === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm;
    base = {
      algorithm,
      token: { ...SEED, ...MODE_TOKENS[mode] },
      components: {
        Tag: tagTokens(algorithm),
        ...(mode === 'dark'
          ? {
              Menu: { itemSelectedColor: DARK_BLUE_TEXT, subMenuItemSelectedColor: DARK_BLUE_TEXT },
              Form: { colorError: DARK_RED_TEXT },
            }
          : {}),
      },
    };
    cache.set(mode, base);
  }
  return { ...base, token: { ...base.token, motion } };
}
