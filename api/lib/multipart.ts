import { Busboy, type BusboyFileStream } from '@fastify/busboy';
import type { Context } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from '../context.ts';
import { AppError } from '../errors.ts';
import { IMAGE_TOO_LARGE } from '../storage/images.ts';
import { BodyTooLargeError } from './body-limit.ts';
import { FORM_FIELDS_BYTES, MAX_FORM_FIELD_BYTES, MAX_IMAGE_BYTES } from './limits.ts';
import { validationError } from './validate.ts';

export type TMultipart<T> = { fields: T; files: Record<string, File[]> };

export type TMultipartOptions = {
  /**
   * Counts one kept file against the signed-in user's upload limit, before its bytes are read:
   * the route's limiter (limitUploads), so the limit stays declared with the route.
   */
  countUpload: (userId: number) => Promise<unknown>;
  /**
   * How many files each field name keeps (`gallery[]` and `gallery` are one name). A file
   * under a name not listed is refused (400); one past its name's count is refused (413)
   * unless the name is in `dropExtraFiles`.
   */
  files?: Record<string, number>;
  /**
   * Names whose files past the count are skipped unread, not refused (extra gallery files are
   * dropped: docs/RULES.md, Plan limits).
   */
  dropExtraFiles?: string[];
  /** Bytes this request may send in all, when less than the route's limit (e.g. by the plan). */
  maxBytes?: number;
  /**
   * Runs once, with the text fields sent so far, before the bytes of the first file are
   * read, or after the last part when there is no file: the place for an ownership check,
   * so a request that will be refused costs no upload and no validation.
   */
  beforeFiles?: (fields: Readonly<Record<string, string>>) => Promise<void>;
};

export const FORM_UNREADABLE = 'The form data could not be read.';
export const FORM_RESERVED_NAME = 'The form contains a field name that is not allowed.';
export const FORM_TOO_LARGE = 'The request is too large.';
export const FORM_TOO_MANY_FILES = 'Too many files in one request.';
export const FORM_UNEXPECTED_FILE = 'The form contains a file it does not take.';

/** Text fields one form may carry; the longest form (settings) has about 30. */
const MAX_FIELDS = 100;
/** Parts in all, files skipped or not: bounds the per-part work of a form of tiny parts. */
const MAX_PARTS = 300;

/**
 * Names that are properties of every object (`__proto__`, `constructor`, `toString`…): as
 * form keys they would reach Object.prototype or shadow its methods, so they are refused.
 */
const RESERVED_NAMES = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);

const fieldKey = (name: string) => name.replace(/\[\]$/, '');

/**
 * Reads a multipart (or urlencoded) body as it streams in: text fields are validated with
 * `schema` (first issue → 400), files are grouped by field name (`gallery[]` and `gallery`
 * are the same). Nothing is held beyond what is kept: the first file over MAX_IMAGE_BYTES,
 * the first file past its count, a field over MAX_FORM_FIELD_BYTES or a body over its limit
 * stops the request at once (413) without reading the rest. Each kept file counts against
 * the signed-in user's upload rate limit before its bytes are read.
 */
export async function readMultipart<S extends z.ZodType>(
  c: Context<AppEnv>,
  schema: S,
  options: TMultipartOptions,
): Promise<TMultipart<z.infer<S>>> {
  const fields = Object.create(null) as Record<string, string>;
  const files = Object.create(null) as Record<string, File[]>;
  await streamParts(c, options, fields, files);
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw validationError(parsed.error.issues);
  return { fields: parsed.data, files };
}

function streamParts(
  c: Context<AppEnv>,
  options: TMultipartOptions,
  fields: Record<string, string>,
  files: Record<string, File[]>,
): Promise<void> {
  const allowed = options.files ?? {};
  const droppable = new Set(options.dropExtraFiles ?? []);
  const contentType = c.req.header('content-type') ?? '';
  // An urlencoded body has no files, and busboy reads it to the end before it says a value was
  // too long: it gets the text fields' allowance, not the files'.
  const urlencoded = /^application\/x-www-form-urlencoded\b/i.test(contentType.trim());
  const maxBytes = Math.min(
    options.maxBytes ?? Number.POSITIVE_INFINITY,
    urlencoded ? FORM_FIELDS_BYTES : Number.POSITIVE_INFINITY,
  );
  const userId = c.var.user?.id;

  const declared = Number(c.req.header('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', FORM_TOO_LARGE);

  const body = c.req.raw.body;
  let busboy: ReturnType<typeof Busboy>;
  try {
    busboy = Busboy({
      headers: { 'content-type': contentType },
      limits: {
        fieldNameSize: 100,
        fieldSize: MAX_FORM_FIELD_BYTES,
        fields: MAX_FIELDS,
        fileSize: MAX_IMAGE_BYTES,
        parts: MAX_PARTS,
      },
    });
  } catch {
    // Not multipart or urlencoded, or a multipart type without a boundary.
    throw new AppError('BAD_REQUEST', FORM_UNREADABLE);
  }
  if (!body) return Promise.resolve(options.beforeFiles?.(fields));

  const reader = body.getReader();
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      // Stop reading the request: the bytes not yet received are never pulled in. Let go
      // rather than cancel (see countedBody in api/lib/body-limit.ts).
      try {
        reader.releaseLock();
      } catch {}
      busboy.destroy();
      reject(err instanceof AppError ? err : new AppError('BAD_REQUEST', FORM_UNREADABLE));
    };

    let hookDone: Promise<void> | undefined;
    const runHook = () => {
      hookDone ??= Promise.resolve(options.beforeFiles?.(fields));
      return hookDone;
    };
    // Async checks for files run one after another, each before its file's bytes are read.
    let gate: Promise<void> = Promise.resolve();
    const counts = new Map<string, number>();

    busboy.on('field', (name, value, nameTruncated, valueTruncated) => {
      if (settled) return;
      if (nameTruncated) return fail(new AppError('BAD_REQUEST', FORM_UNREADABLE));
      const key = fieldKey(name);
      if (RESERVED_NAMES.has(key)) return fail(new AppError('BAD_REQUEST', FORM_RESERVED_NAME));
      if (valueTruncated) return fail(new AppError('PAYLOAD_TOO_LARGE', FORM_TOO_LARGE));
      fields[key] = value;
    });

    busboy.on('file', (name: string, stream: BusboyFileStream, filename: string, _enc: string, mime: string) => {
      if (settled) return stream.resume();
      const key = fieldKey(name);
      if (RESERVED_NAMES.has(key)) return fail(new AppError('BAD_REQUEST', FORM_RESERVED_NAME));
      // An empty file input ("no file chosen") sends a part with no name and no bytes.
      if (filename === '') return stream.resume();
      const max = Object.hasOwn(allowed, key) ? (allowed[key] as number) : undefined;
      if (max === undefined) return fail(new AppError('BAD_REQUEST', FORM_UNEXPECTED_FILE));
      const n = (counts.get(key) ?? 0) + 1;
      counts.set(key, n);
      if (n > max) {
        if (droppable.has(key)) return stream.resume();
        return fail(new AppError('PAYLOAD_TOO_LARGE', FORM_TOO_MANY_FILES));
      }

      stream.pause();
      const chunks: Buffer[] = [];
      stream.on('limit', () => fail(new AppError('PAYLOAD_TOO_LARGE', IMAGE_TOO_LARGE)));
      stream.on('data', (chunk: Buffer) => {
        if (!settled) chunks.push(chunk);
      });
      stream.on('end', () => {
        if (settled || stream.truncated) return;
        const size = chunks.reduce((sum, b) => sum + b.length, 0);
        // A zero-byte file is no file (as before): the form simply did not send one.
        if (size === 0) return;
        // Buffer.concat allocates a plain (not shared) ArrayBuffer, which File takes as is.
        const bytes = Buffer.concat(chunks, size) as Uint8Array<ArrayBuffer>;
        const file = new File([bytes], filename, { type: mime });
        files[key] = [...(files[key] ?? []), file];
      });
      gate = gate
        .then(async () => {
          await runHook();
          if (userId !== undefined) await options.countUpload(userId);
          if (!settled) stream.resume();
        })
        .catch(fail);
    });

    busboy.on('partsLimit', () => fail(new AppError('PAYLOAD_TOO_LARGE', FORM_TOO_LARGE)));
    busboy.on('fieldsLimit', () => fail(new AppError('PAYLOAD_TOO_LARGE', FORM_TOO_LARGE)));
    busboy.on('error', fail);
    busboy.on('finish', () => {
      if (settled) return;
      gate
        .then(runHook)
        .then(() => {
          if (settled) return;
          settled = true;
          resolve();
        })
        .catch(fail);
    });

    const waitForDrain = () =>
      new Promise<void>((done) => {
        const go = () => {
          busboy.off('drain', go);
          busboy.off('close', go);
          done();
        };
        busboy.on('drain', go);
        busboy.on('close', go);
      });

    (async () => {
      let received = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (settled) return;
        if (done) {
          busboy.end();
          return;
        }
        received += value.byteLength;
        if (received > maxBytes) return fail(new AppError('PAYLOAD_TOO_LARGE', FORM_TOO_LARGE));
        if (!busboy.write(value)) await waitForDrain();
      }
    })().catch((err) =>
      fail(err instanceof BodyTooLargeError ? new AppError('PAYLOAD_TOO_LARGE', FORM_TOO_LARGE) : err),
    );
  });
}
