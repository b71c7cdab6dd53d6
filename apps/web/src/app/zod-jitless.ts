import { config } from 'zod/v4/core';

// The server's Content-Security-Policy has no 'unsafe-eval'. Zod 4 otherwise probes for eval (`Function('')`)
// on its first object parse to compile faster parsers; the probe is caught, but the browser still reports a
// CSP violation. Jitless parsing is plenty fast for forms and API answers. Imported first by main.tsx (from zod's
// core alone, so the first load does not carry all of zod for one setting).
config({ jitless: true });
