import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { APIRoute } from 'astro';
import { isSafeFileName, uploadsDir } from '../../../api/storage/storage.ts';

export const prerender = false;

const TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
};

/** Uploaded files. Names are random and never reused, so they cache for a year. */
export const GET: APIRoute = async ({ params }) => {
  const name = params.file ?? '';
  const type = TYPES[path.extname(name).toLowerCase()];
  if (!isSafeFileName(name) || !type) return new Response('Not found', { status: 404 });
  const file = path.join(uploadsDir(), name);
  try {
    const st = await fs.promises.stat(file);
    const body = Readable.toWeb(fs.createReadStream(file)) as ReadableStream;
    return new Response(body, {
      headers: {
        'content-type': type,
        'content-length': String(st.size),
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
      },
    });
  } catch {
    return new Response('Not found', { status: 404 });
  }
};
