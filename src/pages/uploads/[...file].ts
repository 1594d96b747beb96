import type { APIRoute } from 'astro';
import { contentTypeOf, isSafeFileName, openFile } from '../../../api/storage/storage.ts';

export const prerender = false;

const notFound = () => new Response('Not found', { status: 404 });

/**
 * Uploaded files, from the local disk or the S3 bucket (STORAGE): streamed through here so
 * every copy of the server answers the same URL with the same headers. Names are random and
 * never reused, so they cache for a year. Only image types are served; the middleware adds
 * the non-HTML CSP (nothing runs, nothing frames).
 */
export const GET: APIRoute = async ({ params }) => {
  const name = params.file ?? '';
  const type = contentTypeOf(name);
  if (!isSafeFileName(name) || !type) return notFound();
  let file: Awaited<ReturnType<typeof openFile>>;
  try {
    file = await openFile(name);
  } catch (err) {
    // The bucket is unreachable or refused us: the file may well exist, so not a 404.
    console.error(`[uploads] could not read ${name}:`, err instanceof Error ? err.message : err);
    return new Response('Temporarily unavailable', { status: 503, headers: { 'Retry-After': '5' } });
  }
  if (!file) return notFound();
  const headers: Record<string, string> = {
    'content-type': type,
    'cache-control': 'public, max-age=31536000, immutable',
    'x-content-type-options': 'nosniff',
  };
  if (file.size !== undefined) headers['content-length'] = String(file.size);
  return new Response(file.body, { headers });
};
