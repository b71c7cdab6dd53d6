import { normaliseOrigin } from '@omnichat/contracts';

/** What the widget's API answers a page: whether it may use the channel, and its `Access-Control-Allow-Origin`. */
export interface OriginVerdict {
  allowed: boolean;
  allowOrigin: string | null;
}

/**
 * A channel without allowed sites takes any site, as a widget always did (`*`). With a list, a page of a listed
 * site or of the app itself (the channels page's Preview) is answered with its own origin; another site's page is
 * refused. A request without `Origin` comes from no cross-site page (browsers send it on every cross-origin call,
 * the event stream included): the app's own page, or a program, which could name any origin anyway.
 */
export function originVerdict(allowedOrigins: readonly string[], origin: string | undefined, appOrigin: string) {
  if (allowedOrigins.length === 0) return { allowed: true, allowOrigin: '*' } satisfies OriginVerdict;
  if (origin === undefined) return { allowed: true, allowOrigin: null } satisfies OriginVerdict;
  const site = normaliseOrigin(origin);
  const allowed = site !== null && (site === appOrigin || allowedOrigins.includes(site));
  return { allowed, allowOrigin: allowed ? origin : null } satisfies OriginVerdict;
}
