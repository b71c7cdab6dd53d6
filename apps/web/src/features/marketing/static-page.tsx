import { createContext, type ReactNode, useContext } from 'react';
import type { ThemeMode } from '../../app/storage.ts';

/**
 * The public pages rendered to HTML at build time (apps/web/src/prerender) carry no app bundle: what the browser
 * knows only at run time is left as placeholders the server fills per request (see PLACEHOLDERS), and the
 * controls that need code (language, theme, billing cycle) are plain elements a tiny script (public/marketing.js)
 * drives. The SPA (the dev server, the tests) renders without this context and behaves as before.
 */
export interface StaticPage {
  theme: ThemeMode;
}

export const StaticPageContext = createContext<StaticPage | null>(null);
export const useStaticPage = () => useContext(StaticPageContext);

/** Markers the server replaces (HTML-escaped) when it answers a prerendered page. */
export const PLACEHOLDERS = {
  name: '__OC_NAME__',
  logo: '__OC_LOGO__',
  email: '__OC_EMAIL__',
  source: '__OC_SOURCE__',
  origin: '__OC_ORIGIN__',
  year: '__OC_YEAR__',
} as const;

/**
 * `then` when the public setting `when` has a value, else `otherwise`. Prerendered, both are kept inside
 * `<oc-if>` / `<oc-unless>` markers and the server keeps the one that applies (and drops the markers).
 */
export function WhenSet({
  when,
  value,
  then,
  otherwise,
}: {
  when: 'email' | 'source';
  value: string | undefined;
  then: ReactNode;
  otherwise: ReactNode;
}) {
  if (!useStaticPage()) return value ? then : otherwise;
  const If = 'oc-if' as unknown as 'span';
  const Unless = 'oc-unless' as unknown as 'span';
  return (
    <>
      <If data-key={when}>{then}</If>
      <Unless data-key={when}>{otherwise}</Unless>
    </>
  );
}
