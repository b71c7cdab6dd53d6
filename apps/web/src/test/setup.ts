import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { i18n, loadLocale } from '../app/i18n/index.ts';
import { clearToasts } from '../app/toast/toast-store.ts';
import { FakeWebSocket } from './fake-websocket.ts';

/**
 * What the fake matchMedia answers: the width (tests set 375 to act as a phone) and the reduced-motion wish, on by
 * default so antd skips its animations (a test of them may turn it off).
 */
export const viewport = { width: 1280, reducedMotion: true };

function matches(query: string): boolean {
  if (query.includes('prefers-reduced-motion')) return viewport.reducedMotion;
  const min = /min-width:\s*(\d+)px/.exec(query);
  const max = /max-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
  if (min && viewport.width < Number(min[1])) return false;
  if (max && viewport.width > Number(max[1])) return false;
  return Boolean(min || max);
}

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;

// jsdom does not compute pseudo-element styles; antd asks for them to measure scrollbars.
const originalGetComputedStyle = window.getComputedStyle;
window.getComputedStyle = (element: Element, pseudo?: string | null) =>
  originalGetComputedStyle(element, pseudo ? undefined : pseudo);

// a page's code arrives as a chunk of its own (a dynamic import, transformed on first use here): the async
// queries wait for it longer than the default second
configure({ asyncUtilTimeout: 5000 });

// tests switch languages directly through i18n: every catalogue is there from the start
await Promise.all([loadLocale('zh-hk'), loadLocale('zh-cn')]);

beforeEach(async () => {
  viewport.width = 1280;
  viewport.reducedMotion = true;
  localStorage.clear();
  // no test opens a real socket: the layouts' general socket stays "connecting" on this fake
  FakeWebSocket.reset();
  vi.stubGlobal('WebSocket', FakeWebSocket);
  await i18n.changeLanguage('en');
});

afterEach(async () => {
  // a page chunk a test set loading (a lazy route, a link's prefetch) lands before the next test, or before this
  // worker's environment goes away at the end of its last file
  await vi.dynamicImportSettled();
  cleanup();
  clearToasts();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
