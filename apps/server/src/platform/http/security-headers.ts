import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Google Identity Services (Sign in with Google), as Google documents its CSP needs. */
const GOOGLE_SIGN_IN = {
  script: 'https://accounts.google.com/gsi/client',
  style: 'https://accounts.google.com/gsi/style',
  /** the button's iframe and FedCM/credential calls */
  frames: 'https://accounts.google.com/gsi/',
};

/** The Content-Security-Policy of the web app (and every other answer of this server). */
export function contentSecurityPolicy(https: boolean): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", GOOGLE_SIGN_IN.script],
    'script-src-attr': ["'none'"],
    // Ant Design's CSS-in-JS injects <style> elements at run time, and some of them (rc-component's scroll
    // locker, scroll bar measurement) take no nonce, so styles need 'unsafe-inline' (docs/DECISIONS.md).
    'style-src': ["'self'", "'unsafe-inline'", GOOGLE_SIGN_IN.style],
    // avatars are data: URLs or Google picture URLs
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    // 'self' covers ws:/wss: of the same host (the general socket at /v1/ws) in CSP Level 3 browsers
    'connect-src': ["'self'", GOOGLE_SIGN_IN.frames],
    'frame-src': [GOOGLE_SIGN_IN.frames],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    // Nobody frames the app. The coming web-chat widget's own endpoints will need their own policy
    // (frame-ancestors of the customers' sites, and Cross-Origin-Resource-Policy for its script).
    'frame-ancestors': ["'none'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Security headers on every answer: API, error envelopes, the web app's files and its index.html fallback.
 * HSTS and upgrade-insecure-requests only when the public URL is https, so a plain-HTTP install keeps working.
 */
export async function registerSecurityHeaders(app: FastifyInstance, publicUrl: string) {
  const https = new URL(publicUrl).protocol === 'https:';
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(https) },
    // Google sign-in's popup must be able to talk back to the page that opened it
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // only the origin leaves the site, never a path with a one-time token in its query
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  });
}
