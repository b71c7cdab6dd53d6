import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** The id of each layout's `<main>`, the target of its skip link. */
export const MAIN_CONTENT_ID = 'main-content';

/** Props of the `<main>` a skip link jumps to: focusable by script, not in the Tab order. */
export const mainContentProps = { id: MAIN_CONTENT_ID, tabIndex: -1 } as const;

/**
 * "Skip to content": the first thing Tab reaches on every layout, hidden until it has the focus; it moves the focus
 * to the page's `<main>`, past the header and the sidebar. The focus moves by script so the address keeps no `#`.
 */
export function SkipLink() {
  const { t } = useTranslation();
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
  };
  return (
    <a className="oc-skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={skip}>
      {t('common.skipToContent')}
    </a>
  );
}
