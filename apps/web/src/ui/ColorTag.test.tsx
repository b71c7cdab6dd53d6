import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS, writeString } from '../app/storage.ts';
import { contrastRatio } from '../app/theme.ts';
import { renderWithProviders } from '../test/render.tsx';
import { ColorTag } from './ColorTag.tsx';

const hex = (rgb: string) =>
  `#${(rgb.match(/\d+/g) ?? []).map((value) => Number(value).toString(16).padStart(2, '0')).join('')}`;

describe('colour tag', () => {
  it("draws a palette colour as antd's preset tag, which the theme keeps readable", () => {
    renderWithProviders(<ColorTag color="#1677FF">VIP</ColorTag>);
    expect(screen.getByText('VIP').closest('.ant-tag')).toHaveClass('ant-tag-blue');
  });

  it.each(['light', 'dark'])('gives another colour a text that reads at 4.5:1 on its tint (%s)', (mode) => {
    writeString(STORAGE_KEYS.theme, mode);
    renderWithProviders(<ColorTag color="#ffd700">Gold</ColorTag>);
    const tag = screen.getByText('Gold').closest('.ant-tag') as HTMLElement;
    const { color, backgroundColor } = tag.style;
    expect(contrastRatio(hex(color), hex(backgroundColor))).toBeGreaterThanOrEqual(4.5);
  });
});
