import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DollarInput } from './DollarInput.tsx';

function setup(initial?: number) {
  const onChange = vi.fn();
  function Harness() {
    const [value, setValue] = useState<number | undefined>(initial);
    return (
      <DollarInput
        aria-label="price"
        value={value}
        onChange={(next) => {
          onChange(next);
          setValue(next);
        }}
      />
    );
  }
  const { container } = render(<Harness />);
  const input = screen.getByRole('textbox', { name: 'price' }) as HTMLInputElement;
  /** What the user reads: the $ prefix followed by the box's text. */
  const shown = () => `${container.querySelector('.ant-input-prefix')?.textContent ?? ''}${input.value}`;
  return { input, onChange, shown };
}

describe('dollar input', () => {
  it('shows integer cents as $D.CC', () => {
    expect(setup(1234).shown()).toBe('$12.34');
  });

  it('shows small and negative amounts with two decimals', () => {
    expect(setup(-5).shown()).toBe('$-0.05');
  });

  it('reports cents: typing 12.3 gives 1230, and shows $12.30 after leaving the box', async () => {
    const { input, onChange, shown } = setup();
    await userEvent.type(input, '12.3');
    expect(onChange).toHaveBeenLastCalledWith(1230);
    expect(shown()).toBe('$12.3');
    await userEvent.tab();
    expect(shown()).toBe('$12.30');
  });

  it('follows the number rules and keeps at most two decimals', async () => {
    const { input, onChange } = setup();
    await userEvent.type(input, '-x1.2.3-4');
    expect(input).toHaveValue('-1.23');
    expect(onChange).toHaveBeenLastCalledWith(-123);
  });

  it('reports 0 for an empty box and a lone minus', async () => {
    const { input, onChange } = setup(500);
    await userEvent.clear(input);
    expect(onChange).toHaveBeenLastCalledWith(0);
    await userEvent.type(input, '-');
    expect(input).toHaveValue('-');
    expect(onChange).toHaveBeenLastCalledWith(0);
  });
});
