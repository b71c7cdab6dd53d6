import { screen } from '@testing-library/react';
import { Button } from 'antd';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';

describe('app providers', () => {
  it('keeps two Chinese characters of a button together ("儲存", not "儲 存")', () => {
    renderWithProviders(<Button>儲存</Button>);
    expect(screen.getByRole('button')).toHaveTextContent(/^儲存$/);
  });
});
