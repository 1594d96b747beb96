import type { APIRoute } from 'astro';
import { app } from '../../../api/app.ts';

export const prerender = false;

/** Every /api/* request goes to the Hono app (api/app.ts). */
export const ALL: APIRoute = ({ request }) => app().fetch(request);
