import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { MobileAppPage } from './MobileAppPage.tsx';

/** What Chromium fires once the app qualifies for installing. */
function offerInstall(outcome: 'accepted' | 'dismissed') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => undefined),
    userChoice: Promise.resolve({ outcome }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

describe('mobile app page', () => {
  it('explains installing on Android, iPhone and a computer when the browser offers no prompt', async () => {
    renderWithProviders(<MobileAppPage />, '/app/mobile-app');
    expect(await screen.findByRole('heading', { name: 'Mobile app' })).toBeInTheDocument();
    expect(screen.getByText(/does not offer installing from this page/)).toBeInTheDocument();
    expect(screen.getByText(/"Add to Home Screen"/)).toBeInTheDocument();
    expect(screen.getByText(/"Install app" or "Add to Home screen"/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Install the app/ })).not.toBeInTheDocument();
  });

  it("opens the browser's own install prompt and says so once accepted", async () => {
    renderWithProviders(<MobileAppPage />, '/app/mobile-app');
    await screen.findByRole('heading', { name: 'Mobile app' });
    const event = offerInstall('accepted');
    expect(event.defaultPrevented).toBe(true);

    await userEvent.setup().click(screen.getByRole('button', { name: /Install the app/ }));
    expect(event.prompt).toHaveBeenCalledOnce();
    expect(await screen.findByText('The app is installed on this device.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Install the app/ })).not.toBeInTheDocument();
  });
});
