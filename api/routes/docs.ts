import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { z } from '@hono/zod-openapi';
import { FALLBACK_PAGE_CSP } from '../middleware/security-headers.ts';
import { createRouter, declareRoute } from '../openapi/route.ts';

const tags: ['Reference'] = ['Reference'];

/**
 * Scalar's reference, configured so that nothing leaves the site: no web fonts from its CDN
 * (the page uses the system fonts), no telemetry, no AI agent or MCP generator, no request
 * proxy, no developer toolbar (it links to Scalar's hosted services). The bundle
 * is the package's self-contained browser build, served below from node_modules.
 */
const SCALAR_CONFIGURATION = {
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: 'never',
  showOperationId: true,
  metaData: { title: 'API reference · Classifieds marketplace' },
};

const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · Classifieds marketplace</title>
<link rel="icon" href="data:,">
</head>
<body>
<script id="api-reference" data-url="/api/openapi.json" data-configuration="${attribute(JSON.stringify(SCALAR_CONFIGURATION))}"></script>
<script src="/api/docs/scalar.js"></script>
</body>
</html>
`;

type TBytes = Uint8Array<ArrayBuffer>;
type TBundle = { body: TBytes; etag: string; br: Promise<TBytes>; gzip: Promise<TBytes> };
let bundle: Promise<TBundle> | undefined;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * @scalar/api-reference's standalone build (one file, no chunks). The package does not export
 * it, so it is found beside the package's entry point. Read once, on first use.
 */
function scalarBundle(): Promise<TBundle> {
  bundle ??= (async () => {
    const entry = createRequire(import.meta.url).resolve('@scalar/api-reference');
    const body = new Uint8Array(await readFile(join(dirname(entry), 'browser', 'standalone.js')));
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
    // Compressed once, off the event loop (zlib's thread pool), rather than per request on
    // the way out: the bundle is 4 MB.
    const quality = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 7 } };
    const br = brotli(body, quality).then((b) => new Uint8Array(b));
    const gz = gzip(body).then((b) => new Uint8Array(b));
    // Awaited only when a client asks for that encoding; until then a failure is not unhandled.
    for (const p of [br, gz]) p.catch(() => {});
    return { body, etag, br, gzip: gz };
  })();
  bundle.catch(() => {
    bundle = undefined;
  });
  return bundle;
}

/**
 * GET /api/openapi.json (the contract) and /api/docs (a browsable reference of it). The page
 * runs only same-origin scripts: it gets the site's page policy without inline scripts
 * (FALLBACK_PAGE_CSP: script-src 'self', inline styles allowed because the reference injects
 * its stylesheet), so it is no looser than any other page.
 */
export function docsRoutes(document: () => object) {
  return createRouter()
    .openapi(
      declareRoute({
        method: 'get',
        path: '/openapi.json',
        operationId: 'getOpenApiDocument',
        summary: 'This OpenAPI 3.1 document',
        tags,
        access: 'public',
        bodyLimit: 'none',
        rateLimits: [],
        load: 'counted',
        pageCache: 'shared',
        responses: {
          200: {
            description: 'The document.',
            content: { 'application/json': { schema: z.looseObject({ openapi: z.string() }) } },
          },
        },
      }),
      (c) => c.json(document() as { openapi: string }, 200),
    )
    .openapi(
      declareRoute({
        method: 'get',
        path: '/docs',
        operationId: 'getApiReference',
        summary: 'The browsable API reference (HTML)',
        tags,
        access: 'public',
        bodyLimit: 'none',
        rateLimits: [],
        load: 'counted',
        pageCache: 'shared',
        responses: { 200: { description: 'The reference page.', content: { 'text/html': { schema: z.string() } } } },
      }),
      (c) => {
        c.header('Content-Security-Policy', FALLBACK_PAGE_CSP);
        return c.html(PAGE);
      },
    )
    .openapi(
      declareRoute({
        method: 'get',
        path: '/docs/scalar.js',
        operationId: 'getApiReferenceScript',
        summary: 'The reference page’s script (served from the site, never a CDN)',
        tags,
        access: 'public',
        bodyLimit: 'none',
        rateLimits: [],
        load: 'counted',
        pageCache: 'private',
        responses: {
          200: { description: 'The script.', content: { 'text/javascript': { schema: z.string() } } },
          304: { description: 'Unchanged since the copy the client holds (ETag).' },
        },
      }),
      async (c) => {
        const script = await scalarBundle();
        // Revalidated on every visit (a cheap 304), so an upgraded package shows at once.
        c.header('Cache-Control', 'public, no-cache');
        c.header('ETag', script.etag);
        c.header('Vary', 'Accept-Encoding');
        if (c.req.header('if-none-match') === script.etag) return c.body(null, 304);
        c.header('Content-Type', 'text/javascript; charset=utf-8');
        const accepted = c.req.header('accept-encoding') ?? '';
        const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
        if (!encoding) return c.body(script.body, 200);
        c.header('Content-Encoding', encoding);
        return c.body(await script[encoding], 200);
      },
    );
}
