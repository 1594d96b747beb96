import type { APIRoute } from 'astro';
import { app } from '../../../api/app.ts';
import type { TApiBindings } from '../../../api/lib/client-ip.ts';

export const prerender = false;

/**
 * Every /api/* request goes to the Hono app (api/app.ts). The socket address travels as a
 * binding, never as a header, so a client cannot forge it (api/lib/client-ip.ts).
 */
export const ALL: APIRoute = ({ request, clientAddress, locals }) => {
  // The API counts and logs its own requests (api/middleware/observe-requests.ts): the server
  // leaves this one out of its own count (server/request-observer.ts).
  locals.answeredByApi = true;
  const bindings: TApiBindings = { clientAddress };
  return app().fetch(request, bindings);
};
