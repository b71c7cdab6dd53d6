import { mountWidget } from './widget.ts';

/**
 * `/widget.js`: `<script async src="https://chat.example.com/widget.js" data-key="…"></script>` on any site. The
 * script's own address tells which server to talk to; `window.OmnichatWidget` opens or removes it. Its language is
 * the script's `data-language` when set, else the page's (`<html lang>`), else the browser's.
 */
const script =
  (document.currentScript as HTMLScriptElement | null) ??
  document.querySelector<HTMLScriptElement>('script[data-key][src*="widget.js"]');
const key = script?.dataset.key;
const existing = (window as { OmnichatWidget?: unknown }).OmnichatWidget;
if (script && key && !existing) {
  const language = script.dataset.language || document.documentElement.lang || navigator.language;
  const widget = mountWidget({ origin: new URL(script.src, location.href).origin, key, language });
  (window as { OmnichatWidget?: typeof widget }).OmnichatWidget = {
    open: widget.open,
    destroy() {
      widget.destroy();
      delete (window as { OmnichatWidget?: unknown }).OmnichatWidget;
    },
  };
}
