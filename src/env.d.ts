/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    user: import('../api/context.ts').TSessionUser | null;
    settings: import('../api/services/settings/get-settings.ts').TSettings;
    /** The page's route pattern, read back by the server for /metrics and the log (src/middleware.ts). */
    route?: string;
    /** Set when the Hono app answers: it counts and logs the request itself (src/pages/api/[...path].ts). */
    answeredByApi?: boolean;
  }
}
