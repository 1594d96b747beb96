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
  /** A read that answers 303 to a page instead of 200 (the walk expects the redirect). */
  redirect?: true;
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
  'POST /api/verify-email': { access: 'public', body: 'json', personal: true, note: 'needs the sign-up mail’s token' },
  'POST /api/resend-verification': { access: 'signed-in', personal: true },

  // Settings.
  'GET /api/get-settings': { access: 'public', shared: true },
  'GET /api/settings': { access: 'admin' },
  'POST /api/update-settings': { access: 'admin', body: 'multipart' },

  // Public catalogue.
  'GET /api/all-ads': { access: 'public', shared: true },
  // The gazetteer's place pickers (api/routes/places.ts).
  'GET /api/places': { access: 'public', shared: true },
  'GET /api/ads-by-slug/:slug': { access: 'public', shared: true },
  'POST /api/renew-ad': { access: 'public', body: 'json', note: 'needs the reminder mail’s single-use token' },
  'GET /api/get-content/:slug': { access: 'public', shared: true },
  'GET /api/faqs': { access: 'public', shared: true },
  'GET /api/testimonials': { access: 'public', shared: true },
  'GET /api/memberships': { access: 'public', shared: true },

  // Wishlist: the caller's own list.
  'GET /api/wishlist': { access: 'signed-in' },
  'POST /api/wishlist': { access: 'signed-in', body: 'json', personal: true },
  'DELETE /api/wishlist/:id': { access: 'owner', personal: true },
  'DELETE /api/wishlist': { access: 'signed-in', personal: true },

  // Saved searches: the caller's own; nothing public shows them. The unsubscribe link needs
  // no session, only the mail's token.
  'POST /api/saved-searches': { access: 'signed-in', body: 'json', personal: true },
  'GET /api/saved-searches': { access: 'signed-in' },
  'PATCH /api/saved-searches/:id{[0-9]+}': { access: 'owner', body: 'json', personal: true },
  'DELETE /api/saved-searches/:id{[0-9]+}': { access: 'owner', personal: true },
  'POST /api/saved-searches/:id{[0-9]+}/view': { access: 'owner', personal: true },
  'POST /api/saved-search-unsubscribe/:token': {
    access: 'public',
    personal: true,
    note: 'needs the alert mail’s token',
  },
  'GET /api/saved-search-unsubscribe/:token': {
    access: 'public',
    redirect: true,
    note: 'to the page that asks first; changes nothing',
  },
  // The same, at the address mails sent before it moved carry (not in the document).
  'POST /api/saved-searches/unsubscribe/:token': {
    access: 'public',
    personal: true,
    note: 'needs the alert mail’s token',
  },
  'GET /api/saved-searches/unsubscribe/:token': {
    access: 'public',
    redirect: true,
    note: 'to the page that asks first; changes nothing',
  },

  // Seller pages.
  'GET /api/sellers/:id': { access: 'public', shared: true },

  // Ads: a customer sees and changes only their own; an admin all.
  'GET /api/ads': { access: 'signed-in', note: 'a customer gets only their own ads' },
  'GET /api/get-limit': { access: 'signed-in' },
  'POST /api/ads/add': { access: 'signed-in', body: 'multipart' },
  'POST /api/ads/update': { access: 'owner', body: 'multipart' },
  'GET /api/ads/:id': { access: 'owner' },
  'DELETE /api/ads/:id': { access: 'owner' },
  'PATCH /api/ads/:id/status': { access: 'owner', body: 'json' },
  'POST /api/ads/:id/renew': { access: 'owner' },
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

  // Conversations: only their two participants (an admin reads a reported one, read-only).
  // Their writes are `personal`: no public page shows a conversation.
  'POST /api/conversations': { access: 'signed-in', body: 'json', personal: true },
  'GET /api/conversations': { access: 'signed-in' },
  'GET /api/conversations/unread-count': { access: 'signed-in' },
  'GET /api/conversations/events': { access: 'signed-in', note: 'an endless Server-Sent Events stream' },
  'GET /api/conversations/:id': { access: 'owner', note: 'participants; admins only when reported' },
  'POST /api/conversations/:id/messages': { access: 'owner', body: 'json', personal: true },
  'POST /api/conversations/:id/read': { access: 'owner', personal: true },
  'POST /api/conversations/:id/block': { access: 'owner', personal: true },
  'DELETE /api/conversations/:id/block': { access: 'owner', personal: true },
  'POST /api/conversations/:id/report': { access: 'owner', body: 'json', personal: true },
  'GET /api/user/message-preferences': { access: 'signed-in' },
  'PUT /api/user/message-preferences': { access: 'signed-in', body: 'json', personal: true },

  // The caller's own account (/admin/account). Its writes are `personal` where no public page
  // shows what they change (password, email, sessions); a name may appear beside the caller's
  // ads and a deletion removes ads, so those two empty the cache.
  'GET /api/account': { access: 'signed-in' },
  'PATCH /api/account': { access: 'signed-in', body: 'json' },
  'POST /api/account/password': { access: 'signed-in', body: 'json', personal: true },
  'POST /api/account/email': { access: 'signed-in', body: 'json', personal: true },
  'POST /api/account/email/confirm': { access: 'public', body: 'json', personal: true, note: 'needs the mailed token' },
  'GET /api/account/sessions': { access: 'signed-in' },
  'POST /api/account/sessions/revoke-others': { access: 'signed-in', personal: true },
  'GET /api/account/export': { access: 'signed-in' },
  'POST /api/account/delete': { access: 'signed-in', body: 'json' },

  // Plan requests: any signed-in user asks; admins decide.
  // Reports and moderation (api/routes/moderation.ts). A report may hold an ad, so it empties the cache.
  'POST /api/reports': { access: 'public', body: 'json' },
  'GET /api/moderation': { access: 'admin' },
  'POST /api/moderation/ads/:id': { access: 'admin', body: 'json' },
  'POST /api/moderation/ads/:id/dismiss': { access: 'admin', body: 'json' },
  'POST /api/moderation/conversations/:id/dismiss': { access: 'admin', body: 'json' },
  'POST /api/users/:id/ban': { access: 'admin', body: 'json' },
  'POST /api/users/:id/unban': { access: 'admin', body: 'json' },
  'GET /api/moderation/audit-log': { access: 'admin' },
  'GET /api/moderation/settings': { access: 'admin' },
  'PUT /api/moderation/settings': { access: 'admin', body: 'json' },

  'POST /api/plan-requests': { access: 'signed-in', body: 'json', personal: true },
  'GET /api/plan-requests': { access: 'admin' },
  'POST /api/plan-requests/:id/decision': { access: 'admin', body: 'json' },

  // The admin inbox: visitors write (Contact Us, FAQ question), admins read, answer, delete.
  'POST /api/contact': {
    access: 'public',
    body: 'json',
    personal: true,
    note: 'stored for admins; no public page shows it',
  },
  'GET /api/admin/inbox': { access: 'admin' },
  'GET /api/admin/inbox/:id': { access: 'admin', note: 'marks the message read' },
  'POST /api/admin/inbox/:id/replies': { access: 'admin', body: 'json', personal: true },
  'DELETE /api/admin/inbox/:id': { access: 'admin', personal: true },

  // The newsletter: double opt-in and the mailed links (public), subscribers and sending (admins).
  // None of it shows on a public page, so no write empties the page cache.
  'POST /api/newsletter/subscribe': { access: 'public', body: 'json', personal: true },
  'POST /api/newsletter/confirm': { access: 'public', body: 'json', personal: true, note: 'needs the mailed token' },
  'GET /api/newsletter/unsubscribe': {
    access: 'public',
    redirect: true,
    note: 'the List-Unsubscribe address opened in a browser: to the page that asks first; changes nothing',
  },
  'POST /api/newsletter/unsubscribe': {
    access: 'public',
    body: 'json',
    personal: true,
    note: 'needs a newsletter mail’s token; also the RFC 8058 one-click POST',
  },
  'GET /api/admin/newsletter/subscribers': { access: 'admin' },
  'GET /api/admin/newsletter/subscribers/export': { access: 'admin' },
  'GET /api/admin/newsletters': { access: 'admin' },
  'POST /api/admin/newsletters': { access: 'admin', body: 'json', personal: true },

  // The background job queue (admin dashboard).
  'GET /api/admin/job-stats': { access: 'admin' },
  'GET /api/admin/dashboard-stats': { access: 'admin' },
  'GET /api/my-dashboard-stats': { access: 'signed-in' },
  'GET /api/admin/ad-sellers': { access: 'admin' },

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
