import { act, fireEvent, render, screen } from '@testing-library/react';
import { Drawer, theme } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { fail, stubFetch } from '../../test/fetch-stub.ts';
import { probe } from '../../test/probe-endpoint.ts';
import { http } from '../http/index.ts';
import { TOASTER_TOP_PX, Toaster } from './Toaster.tsx';
import { toast } from './toast-store.ts';

describe('toasts', () => {
  it.each([
    [401, 'unauthorized'],
    [403, 'you have no permission'],
    [404, 'resource not found'],
    [500, 'server error'],
  ])('a %i answer shows "%s" with the trace line', async (status, text) => {
    render(<Toaster />);
    stubFetch({ 'GET /public/v1/thing': [fail(status, 'server words', 'trace-42')] });
    await act(async () => {
      await http.call(probe('GET', '/public/v1/thing')).catch(() => undefined);
    });
    const shown = screen.getByRole('alert');
    expect(shown).toHaveTextContent(text);
    expect(shown).toHaveTextContent(`[${status}] Trace: #trace-42`);
  });

  it('shows the server text for other statuses, "unknown error" without one, and the 413 text', async () => {
    render(<Toaster />);
    stubFetch({
      'GET /public/v1/limited': [fail(429, 'too many requests, please try again in 5 seconds', 'rl')],
      'GET /public/v1/teapot': [{ status: 418, body: 'not json' }],
      'POST /v1/upload': [fail(413, 'too big', 'big')],
    });
    await act(async () => {
      await http.call(probe('GET', '/public/v1/limited')).catch(() => undefined);
      await http.call(probe('GET', '/public/v1/teapot')).catch(() => undefined);
      await http.call(probe('POST', '/v1/upload')).catch(() => undefined);
    });
    const alerts = screen.getAllByRole('alert');
    expect(alerts[0]).toHaveTextContent('too many requests, please try again in 5 seconds');
    expect(alerts[0]).toHaveTextContent('[429] Trace: #rl');
    expect(alerts[1]).toHaveTextContent('unknown error');
    expect(alerts[1]).toHaveTextContent('[418] Trace: #');
    expect(alerts[2]).toHaveTextContent('Media size cannot be larger than 20MB');
  });

  it('disappears after 5 seconds and keeps at most 3 visible', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast.success('Save successfully');
      toast.info('one');
      toast.error('two');
      toast.info('three');
    });
    expect(screen.getAllByTestId('toast')).toHaveLength(3);
    expect(screen.queryByText('Save successfully')).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(4999);
    });
    expect(screen.getAllByTestId('toast')).toHaveLength(3);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryAllByTestId('toast')).toHaveLength(0);
  });

  it('shows one toast when the same message arrives twice', () => {
    render(<Toaster />);
    act(() => {
      toast.error('unauthorized', ['[401] Trace: #a']);
      toast.error('unauthorized', ['[401] Trace: #a']);
    });
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
  });

  it('puts success/error/info top-right and plain top-center', () => {
    render(<Toaster />);
    act(() => {
      toast.success('Save successfully');
      toast('plain words');
    });
    expect(screen.getByLabelText('notifications area')).toHaveTextContent('Save successfully');
    expect(screen.getByLabelText('messages area')).toHaveTextContent('plain words');
  });

  it('can be swiped away past 45 px but not by a short drag', () => {
    render(<Toaster />);
    act(() => {
      toast.info('swipe me');
    });
    const card = screen.getByTestId('toast');
    fireEvent.pointerDown(card, { clientX: 100 });
    fireEvent.pointerMove(card, { clientX: 130 });
    fireEvent.pointerUp(card, { clientX: 130 });
    expect(screen.getByText('swipe me')).toBeInTheDocument();
    fireEvent.pointerDown(card, { clientX: 100 });
    fireEvent.pointerMove(card, { clientX: 150 });
    fireEvent.pointerUp(card, { clientX: 150 });
    expect(screen.queryByText('swipe me')).not.toBeInTheDocument();
  });

  it("starts below a drawer's title bar and its close button, in both corners", async () => {
    render(
      <>
        <Drawer open title="Customer details" onClose={() => undefined}>
          body
        </Drawer>
        <Toaster />
      </>,
    );
    act(() => {
      toast.error('could not save');
      toast('plain words');
    });
    // antd's drawer header: vertical padding twice, a large title line and its bottom border
    const token = theme.getDesignToken();
    const drawerHeader = token.padding * 2 + token.fontSizeLG * token.lineHeightLG + token.lineWidth;
    expect(TOASTER_TOP_PX).toBeGreaterThan(drawerHeader + 8);
    for (const area of ['notifications area', 'messages area']) {
      expect(Number.parseFloat(screen.getByLabelText(area).style.top)).toBe(TOASTER_TOP_PX);
    }
    expect(await screen.findByRole('button', { name: 'Close' })).toBeInTheDocument();
  });
});
