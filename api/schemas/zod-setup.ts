import { z } from 'zod';

/**
 * Zod 4 compiles object parsers with `new Function` unless told not to, and probes for it the
 * first time an object schema is built. The site's Content-Security-Policy forbids eval
 * (script-src 'self' + hashes), so in the browser that probe is a CSP violation. Jitless
 * parsing is as correct and fast enough for forms and requests. Every schema module imports
 * this first (directly or through fields.ts), before any z.object() runs.
 */
z.config({ jitless: true });
