import { describe, expect, it } from 'vitest';
import { NON_HTML_CSP, withSecurityHeaders } from '../../api/middleware/security-headers.ts';

describe('security headers', () => {
  it('give a 304 no policy of its own, so the kept page keeps its own when the browser merges the headers', () => {
    const notModified = withSecurityHeaders(new Response(null, { status: 304, headers: { ETag: 'W/"a"' } }), {
      https: false,
    });
    expect(notModified.headers.get('content-security-policy')).toBeNull();
    expect(notModified.headers.get('x-content-type-options')).toBe('nosniff');
    const json = withSecurityHeaders(Response.json({ ok: true }), { https: false });
    expect(json.headers.get('content-security-policy')).toBe(NON_HTML_CSP);
  });
});
