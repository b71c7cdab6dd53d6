import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { activeOption, listedOptions, pressEnter } from '../test/time-zones.ts';
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

  it('lists only the matches of a search, so Enter picks the first match and not the chosen value', async () => {
    const zones = ['Africa/Abidjan', 'Asia/Hong_Kong', 'UTC'];
    const search = vi.fn(async (term: string) =>
      zones
        .filter((zone) => zone.toLowerCase().includes(term.toLowerCase()))
        .map((zone) => ({ value: zone, label: zone })),
    );
    const onChange = vi.fn();
    render(<RemoteSelect aria-label="zone" value="UTC" onChange={onChange} search={search} debounceMs={50} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'zone' }));
    await waitFor(() => expect(listedOptions()).toEqual(zones));
    await user.keyboard('Hong');
    await waitFor(() => expect(listedOptions()).toEqual(['Asia/Hong_Kong']));
    await waitFor(() => expect(activeOption()).toBe('Asia/Hong_Kong'));
    pressEnter(screen.getByRole('combobox', { name: 'zone' }));
    expect(onChange).toHaveBeenCalledWith('Asia/Hong_Kong', expect.anything());
  });
});
