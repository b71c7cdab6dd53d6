import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RemoteSelect } from './RemoteSelect.tsx';

describe('remote select', () => {
  it('searches 500 ms after the last keystroke, once', async () => {
    vi.useFakeTimers();
    const search = vi.fn(async (term: string) => [{ value: term, label: `found ${term}` }]);
    render(<RemoteSelect aria-label="zone" search={search} />);
    const input = screen.getByRole('combobox', { name: 'zone' });
    fireEvent.mouseDown(input);
    await act(async () => {});
    search.mockClear();
    fireEvent.change(input, { target: { value: 'ho' } });
    fireEvent.change(input, { target: { value: 'hon' } });
    await act(async () => {
      vi.advanceTimersByTime(499);
    });
    expect(search).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(search).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledWith('hon');
    vi.useRealTimers();
    expect(await screen.findByText('found hon')).toBeInTheDocument();
  });

  it('labels the current value with the get-by-value look-up', async () => {
    const getByValue = vi.fn(async (value: string) => ({ value, label: `${value} (+08:00)` }));
    render(<RemoteSelect aria-label="zone" value="Asia/Hong_Kong" search={async () => []} getByValue={getByValue} />);
    expect(await screen.findByText('Asia/Hong_Kong (+08:00)')).toBeInTheDocument();
  });
});
