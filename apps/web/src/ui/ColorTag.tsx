import { theme as antdTheme, Tag, type TagProps } from 'antd';
import { usePreferences } from '../app/preferences/preferences.tsx';
import { mixColors, PRESET_COLORS, readableOn } from '../app/theme.ts';

/** Ant Design's preset colours by their main shade (#1677ff → blue): what the tag colour palette offers. */
const PRESETS_BY_COLOR = (() => {
  const token = antdTheme.getDesignToken() as unknown as Record<string, string>;
  const presets = new Map<string, string>();
  for (const name of PRESET_COLORS) {
    const color = token[`${name}6`]!.toLowerCase();
    if (!presets.has(color)) presets.set(color, name);
  }
  return presets;
})();

/**
 * A tag in a colour a user chose (`#rrggbb`, e.g. a customer tag). A preset colour becomes antd's preset tag,
 * which the theme keeps readable in both modes; another colour gets a tint of itself as background and its text
 * darkened (lightened in dark mode) until it reads at 4.5:1, where antd would draw the raw colour on a pale tint.
 */
export function ColorTag({ color, style, ...props }: Omit<TagProps, 'color'> & { color: string }) {
  const { theme } = usePreferences();
  const preset = PRESETS_BY_COLOR.get(color.toLowerCase());
  if (preset) return <Tag color={preset} style={style} {...props} />;
  if (!/^#[0-9a-f]{6}$/i.test(color)) return <Tag style={style} {...props} />;
  const page = theme === 'dark' ? '#141414' : '#ffffff';
  const background = mixColors(color, page, theme === 'dark' ? 0.8 : 0.9);
  const towards = theme === 'dark' ? '#ffffff' : '#000000';
  const text = readableOn(
    background,
    [0, 0.15, 0.3, 0.45, 0.6, 0.75].map((weight) => mixColors(color, towards, weight)),
  );
  return <Tag style={{ background, color: text, borderColor: mixColors(color, page, 0.6), ...style }} {...props} />;
}
