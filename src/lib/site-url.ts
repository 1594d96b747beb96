import { env } from '../../api/env.ts';

/**
 * The site's public address for absolute links (canonical, og:url, structured data, sitemap,
 * robots.txt): SITE_URL, else http://localhost:$PORT, without a trailing slash. Never the
 * request's Host or X-Forwarded-Host, which any client can set and a shared cache would keep.
 */
export function siteUrl(): string {
  return env().siteUrl;
}
