import type { OpenAPIHono } from '@hono/zod-openapi';
import { SESSION_COOKIE } from '../auth/cookies.ts';
import { BEARER_SESSION, COOKIE_SESSION } from './route.ts';

/** The contract's own version: raise the major on any change an existing client would notice. */
export const API_VERSION = '1.0.0';

const DESCRIPTION = `The JSON API of the classifieds marketplace: the public catalogue (ads, categories, pages, FAQs, testimonials, membership plans, site settings), accounts and sessions, each user's wishlist and ads, and the admin area's management of all of it.

**Sessions.** Signing in or up sets an HttpOnly \`${SESSION_COOKIE}\` cookie, which the site's own pages use. API clients send the same session token as \`Authorization: Bearer <token>\`. A write (POST, PUT, PATCH, DELETE) authenticated by the cookie must come from the site's own origin, else 403.

**Answers.** Success answers carry \`success: true\` and a \`message\`; errors are always \`{ success: false, error, message }\` (the same text twice) with the status that says why: 400 bad input (naming the first wrong field), 401 no or expired session, 403 wrong role or not the owner, 404, 409 conflict, 413 too large, 429 too many requests, 503 temporarily unavailable (retry after \`Retry-After\` seconds).

**Retries.** Every POST accepts an \`Idempotency-Key\` header: a retry with the same key gets the first answer again (\`Idempotent-Replayed: true\`) and stores nothing new, so a client that lost an answer can safely send the request again.

**Legacy names.** Some paths and keys keep the spelling existing clients read: \`releatedAds\`, \`esitingGalleryImages\`, \`get-content/{slug}\`, the \`users\` key that holds the ads of the admin ads list. This document describes them as they are.`;

const TAGS = [
  { name: 'Health', description: 'Liveness and readiness for load balancers.' },
  { name: 'Ads', description: 'The catalogue: listing, reading and managing ads.' },
  { name: 'Pages', description: 'Content pages (about us, contact, terms…).' },
  { name: 'FAQs', description: 'Frequently asked questions.' },
  { name: 'Membership plans', description: 'The plans sold to customers.' },
  { name: 'Account', description: 'Signing up, in and out, the current user and password resets.' },
  { name: 'Users', description: 'Admin management of accounts.' },
  { name: 'Categories', description: 'Ad categories and their ad counts.' },
  { name: 'Places', description: 'The gazetteer of cities (GeoNames) that ads are placed in and searched near.' },
  { name: 'Testimonials', description: 'Customer testimonials shown on the about page.' },
  { name: 'Settings', description: 'Site-wide settings: header, footer, theme colours, ad slots and plan limits.' },
  { name: 'Uploads', description: 'Images for rich-text fields.' },
  { name: 'Wishlist', description: 'The signed-in user’s saved ads.' },
  {
    name: 'Saved searches',
    description: 'The signed-in user’s saved searches of the ad list, their alert mails and the one-click unsubscribe.',
  },
  { name: 'Sellers', description: 'Public seller profiles and their ads on offer.' },
  {
    name: 'Messages',
    description: 'Conversations between buyers and sellers about an ad, live events and mail preferences.',
  },
  {
    name: 'Reviews',
    description: 'Buyers’ reviews of sellers after a conversation, the sellers’ answers, and reports of reviews.',
  },
  {
    name: 'Moderation',
    description: 'Reports of ads, the moderators’ queue and decisions, bans, the audit log and the moderation rules.',
  },
  { name: 'Inbox', description: 'Contact Us and FAQ questions from visitors, read and answered by admins.' },
  {
    name: 'Newsletter',
    description: 'Double opt-in sign-up, the mailed confirm and unsubscribe links, subscribers and sending.',
  },
  { name: 'Background jobs', description: 'The job queue that sends mail and runs scheduled work.' },
  { name: 'Dashboard', description: 'The figures of the admin area’s dashboard, counted from the database.' },
  { name: 'Reference', description: 'This document and its browsable reference.' },
];

/** Hono's `{name{regex}}` routing pattern (e.g. digits-only ids) is `{name}` in the document. */
export const toDocumentPath = (path: string) => path.replace(/\{(\w+)\{[^/]*?\}\}/g, '{$1}');

type TDocument = ReturnType<OpenAPIHono['getOpenAPI31Document']>;

/**
 * Path parameters whose schema checks with a Unicode regex (`u` flag, letters of any script),
 * which a document's pattern cannot carry: the pattern the document shows instead, in the
 * syntax JSON Schema takes, so a real value ("12-emma-jones") matches it.
 */
const DOCUMENT_PATTERNS: Record<string, Record<string, string>> = {
  '/api/sellers/{id}': { id: '^[1-9][0-9]{0,9}(-[^/?#]*)?$' },
};

/**
 * Regex flags the generator writes after a pattern ("…$/u") are no part of JSON Schema's
 * syntax: no real value would match. Drops them, and puts the document's own pattern where
 * DOCUMENT_PATTERNS has one.
 */
function documentPatterns(doc: TDocument) {
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const op of Object.values(item ?? {})) {
      const params = (op as { parameters?: { name: string; in: string; schema?: { pattern?: string } }[] }).parameters;
      for (const p of params ?? []) {
        if (!p.schema?.pattern) continue;
        p.schema.pattern = DOCUMENT_PATTERNS[path]?.[p.name] ?? p.schema.pattern.replace(/\$\/[dgimsuvy]+$/, '$');
      }
    }
  }
}
const built = new WeakMap<object, TDocument>();

/**
 * The OpenAPI 3.1 document of every declared route of `app`, built once per app (the routes
 * are fixed once the app is created).
 */
export function openApiDocument(app: Pick<OpenAPIHono, 'getOpenAPI31Document'>): TDocument {
  const cached = built.get(app);
  if (cached) return cached;
  const doc = app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'Classifieds marketplace API',
      version: API_VERSION,
      description: DESCRIPTION,
      // An SPDX identifier (OpenAPI 3.1's license.identifier; the library's type is 3.0's).
      license: {
        name: 'Proprietary: all rights reserved by the site’s operator',
        identifier: 'LicenseRef-Proprietary',
      } as {
        name: string;
      },
    },
    // Paths start with /api on the site that serves this document.
    servers: [{ url: '/', description: 'The site serving this document (its SITE_URL)' }],
    tags: TAGS,
  });
  doc.paths = Object.fromEntries(Object.entries(doc.paths ?? {}).map(([path, item]) => [toDocumentPath(path), item]));
  documentPatterns(doc);
  doc.components = {
    ...doc.components,
    securitySchemes: {
      [COOKIE_SESSION]: {
        type: 'apiKey',
        in: 'cookie',
        name: SESSION_COOKIE,
        description: 'The HttpOnly session cookie set when signing in or up (the site’s pages).',
      },
      [BEARER_SESSION]: {
        type: 'http',
        scheme: 'bearer',
        description: 'The same session token, for API clients: `Authorization: Bearer <token>`.',
      },
    },
  };
  built.set(app, doc);
  return doc;
}
