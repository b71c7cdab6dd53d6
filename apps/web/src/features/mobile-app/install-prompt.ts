import { useEffect, useState } from 'react';

/** Chromium's install prompt event (not in the DOM typings). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const runsInstalled = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(display-mode: standalone)').matches === true;

/**
 * The browser's own install prompt, when it offers one (Chromium browsers, once the manifest and service worker
 * qualify), and whether the app already runs installed.
 */
export function useInstallPrompt() {
  const [offer, setOffer] = useState<BeforeInstallPromptEvent | null>(null);
  const [installed, setInstalled] = useState(runsInstalled);
  useEffect(() => {
    const offered = (event: Event) => {
      event.preventDefault(); // keep it for our button instead of the browser's mini bar
      setOffer(event as BeforeInstallPromptEvent);
    };
    const done = () => {
      setInstalled(true);
      setOffer(null);
    };
    window.addEventListener('beforeinstallprompt', offered);
    window.addEventListener('appinstalled', done);
    return () => {
      window.removeEventListener('beforeinstallprompt', offered);
      window.removeEventListener('appinstalled', done);
    };
  }, []);
  const install = offer
    ? async () => {
        await offer.prompt();
        const { outcome } = await offer.userChoice;
        setOffer(null);
        if (outcome === 'accepted') setInstalled(true);
      }
    : null;
  return { installed, install };
}
