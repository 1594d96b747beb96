/** Absolute links use SITE_URL (never the request's Host header), else the request origin. */
export function siteUrl(requestUrl: URL): string {
  return (process.env.SITE_URL ?? requestUrl.origin).replace(/\/$/, '');
}
