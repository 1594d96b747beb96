/**
 * Who may call each API route. Every route registered in createApp() must appear here:
 * tests/api/access-table.test.ts walks this table against the real app (anonymous → 401 on
 * every non-public route; a customer on every admin route → 403 with nothing changed) and
 * fails when a route is missing from it or the table names a route that no longer exists.
 *
 * - public:    anyone, no session needed.
 * - signed-in: any logged-in user (customer or admin); acts on the caller's own data only.
 * - owner:     a logged-in user, on a resource they own (admins: any); others get 403/404.
 * - admin:     role admin only; a customer gets 403.
 *
 * `body` says how the route reads its body (for the walk's requests): json or multipart.
 * `shared` marks a public read whose answer is the same for every caller, signed in or not:
 * the short page cache (api/middleware/micro-cache.ts) may then answer it for anyone, so a
 * signed-in visitor filtering the ad list shares the cached answers. The walk checks that
 * anonymous, customer and admin callers get identical answers from every shared route.
 * `personal` marks a write that changes only the caller's own private state (a session, a
 * password, a wishlist, an unsaved editor image): nothing any cached answer shows, so it
 * leaves the cache alone. Every other successful write empties it.
 */
export type TAccess = 'public' | 'signed-in' | 'owner' | 'admin';
export type TAccessRule = {
  access: TAccess;
  body?: 'json' | 'multipart';
  shared?: true;
  personal?: true;
  note?: string;
};

export const ACCESS_RULES = {
  // Health checks for load balancers.
  'GET /api/healthz': { access: 'public' },
  'GET /api/readyz': { access: 'public' },

  // The API's own description (api/routes/docs.ts).
  'GET /api/openapi.json': { access: 'public', shared: true },
  'GET /api/docs': { access: 'public', shared: true },
  'GET /api/docs/scalar.js': { access: 'public' },

  // Accounts.
  'POST /api/user/signup': { access: 'public', body: 'json', personal: true },
  'POST /api/user/login': { access: 'public', body: 'json', personal: true },
  'POST /api/user/logout': { access: 'public', personal: true, note: 'ends the caller’s session if there is one' },
  'GET /api/user/me': { access: 'signed-in' },
  'POST /api/forgot-password': { access: 'public', body: 'json', personal: true },
  'POST /api/reset-password': { access: 'public', body: 'json', personal: true, note: 'needs the mailed token' },

  // Settings.
  'GET /api/get-settings': { access: 'public', shared: true },
  'GET /api/settings': { access: 'admin' },
  'POST /api/update-settings': { access: 'admin', body: 'multipart' },

  // Public catalogue.
  'GET /api/all-ads': { access: 'public', shared: true },
  'GET /api/ads-by-slug/:slug': { access: 'public', shared: true },
  'GET /api/get-content/:slug': { access: 'public', shared: true },
  'GET /api/faqs': { access: 'public', shared: true },
  'GET /api/testimonials': { access: 'public', shared: true },
  'GET /api/memberships': { access: 'public', shared: true },

  // Wishlist: the caller's own list.
  'GET /api/wishlist': { access: 'signed-in' },
  'POST /api/wishlist': { access: 'signed-in', body: 'json', personal: true },
  'DELETE /api/wishlist/:id': { access: 'owner', personal: true },
  'DELETE /api/wishlist': { access: 'signed-in', personal: true },

  // Ads: a customer sees and changes only their own; an admin all.
  'GET /api/ads': { access: 'signed-in', note: 'a customer gets only their own ads' },
  'GET /api/get-limit': { access: 'signed-in' },
  'POST /api/ads/add': { access: 'signed-in', body: 'multipart' },
  'POST /api/ads/update': { access: 'owner', body: 'multipart' },
  'GET /api/ads/:id': { access: 'owner' },
  'DELETE /api/ads/:id': { access: 'owner' },
  'POST /api/uploads/image': {
    access: 'signed-in',
    body: 'multipart',
    personal: true,
    note: 'rich-text editor images',
  },

  // Users (admin area).
  'GET /api/users': { access: 'admin' },
  'GET /api/user/:id{[0-9]+}': { access: 'admin' },
  'POST /api/user/admin-add-user': { access: 'admin', body: 'json' },
  'POST /api/user/update': { access: 'admin', body: 'json' },
  'DELETE /api/user/:id{[0-9]+}': { access: 'admin' },

  // Categories.
  'GET /api/get-all-category': { access: 'admin' },
  'POST /api/category/add-edit': { access: 'admin', body: 'multipart' },
  'DELETE /api/category/:id': { access: 'admin' },

  // Pages.
  'GET /api/get-all-pages': { access: 'admin' },
  'POST /api/pages': { access: 'admin', body: 'json' },
  'GET /api/pages/:id': { access: 'admin' },
  'PUT /api/pages/:id': { access: 'admin', body: 'json' },
  'DELETE /api/pages/:id': { access: 'admin' },

  // FAQs.
  'POST /api/faqs': { access: 'admin', body: 'json' },
  'GET /api/faqs/:id': { access: 'admin' },
  'PUT /api/faqs/:id': { access: 'admin', body: 'json' },
  'DELETE /api/faqs/:id': { access: 'admin' },

  // Testimonials.
  'POST /api/testimonials': { access: 'admin', body: 'multipart' },
  'GET /api/testimonials/:id': { access: 'admin' },
  'PUT /api/testimonials/:id': { access: 'admin', body: 'multipart' },
  'DELETE /api/testimonials/:id': { access: 'admin' },

  // Membership plans.
  'POST /api/memberships': { access: 'admin', body: 'json' },
  'GET /api/memberships/:id': { access: 'admin' },
  'PUT /api/memberships/:id': { access: 'admin', body: 'json' },
  'DELETE /api/memberships/:id': { access: 'admin' },
} as const satisfies Record<string, TAccessRule>;

export type TRouteKey = keyof typeof ACCESS_RULES;

/** 'METHOD /path' keys of the rules that have `flag`, as one matcher over method + pathname. */
function matcher(flag: 'shared' | 'personal') {
  const patterns = Object.entries(ACCESS_RULES as Record<string, TAccessRule>)
    .filter(([, rule]) => rule[flag])
    .map(([key]) => new RegExp(`^${key.replace(/:[a-z]+(\{[^}]*\})?/gi, '[^/]+')}$`));
  return (method: string, pathname: string) => patterns.some((re) => re.test(`${method.toUpperCase()} ${pathname}`));
}
const sharedRead = matcher('shared');
const personalWrite = matcher('personal');

/** Is `pathname` (normalised, without the query) a read whose answer is the same for everyone? */
export function isSharedRead(pathname: string): boolean {
  return sharedRead('GET', pathname);
}

/** Does this write change only the caller's own private state (see `personal` above)? */
export function isPersonalWrite(method: string, pathname: string): boolean {
  return personalWrite(method, pathname);
}
