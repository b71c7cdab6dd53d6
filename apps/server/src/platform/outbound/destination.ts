import { isIP } from 'node:net';
import { isRefusedAddress } from './address-rules.ts';

/** Where one request may go, besides the address rules. */
export interface DestinationRules {
  /** refuse http: (and every other scheme); http and https otherwise */
  httpsOnly?: boolean;
  /** host names (`lookaside.fbsbx.com`) or subdomain patterns (`*.fbcdn.net`); any host when unset */
  allowedHosts?: readonly string[];
  /**
   * origins the operator configured (GRAPH_API_URL): allowed as given, whatever their scheme, host or addresses,
   * so a test or an on-premise proxy can stand in for the service
   */
  trustedOrigins?: readonly string[];
}

export type Verdict = { refused: string } | { trusted: boolean };

const hostAllowed = (host: string, patterns: readonly string[]) =>
  patterns.some((pattern) => (pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) : host === pattern));

/**
 * What can be judged of a URL before any DNS lookup: trusted origin, scheme, host list, and a host that is an IP
 * address (decimal, hex and octal IPv4 forms arrive here normalized by the URL parser) or `localhost`. A name is
 * judged by its addresses when the connection resolves it.
 */
export function judgeDestination(url: URL, rules: DestinationRules, allowPrivate: boolean): Verdict {
  if (rules.trustedOrigins?.includes(url.origin)) return { trusted: true };
  if (url.protocol !== 'https:' && (rules.httpsOnly || url.protocol !== 'http:'))
    return { refused: `the scheme ${url.protocol} is not allowed` };
  const host = url.hostname.toLowerCase();
  if (rules.allowedHosts && !hostAllowed(host, rules.allowedHosts))
    return { refused: `the host ${host} is not allowed` };
  if (!allowPrivate) {
    const bare = host.replace(/^\[|\]$/g, '');
    if (isIP(bare) && isRefusedAddress(bare)) return { refused: `the address ${bare} is not public` };
    if (/(^|\.)localhost\.?$/.test(bare)) return { refused: `the host ${host} is local` };
  }
  return { trusted: false };
}
