import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
} from '@aws-sdk/client-s3';
import type { TEnv } from '../env.ts';
import type { TStorageBackend, TStoredFile } from './storage.ts';

/** How long one S3 request may take before it is abandoned (and retried by the SDK). */
const REQUEST_TIMEOUT_MS = 15_000;
const CONNECT_TIMEOUT_MS = 3_000;

/** 404 from S3: NoSuchKey for GET, a bare NotFound for HEAD (no body to name it). */
function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/**
 * Uploads in an S3 bucket (STORAGE=s3), for more than one server: every object is a key at
 * the bucket's top level named like the local file. The bucket stays private; files are
 * served through /uploads/{file} like local ones. Names reaching this file are already
 * checked by storage.ts.
 */
export function s3Backend(e: TEnv): TStorageBackend {
  const Bucket = e.S3_BUCKET as string;
  const client = new S3Client({
    region: e.S3_REGION,
    // MinIO, R2, Ceph and the like: an explicit endpoint, addressed path-style (/bucket/key).
    endpoint: e.S3_ENDPOINT,
    forcePathStyle: !!e.S3_ENDPOINT,
    // Unset: the SDK's own chain (AWS_ACCESS_KEY_ID…, shared config, an instance/task role).
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    // The CRC checksums the SDK adds by default are not understood by every S3-compatible
    // store; send and check them only where S3 requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: {
      connectionTimeout: CONNECT_TIMEOUT_MS,
      requestTimeout: REQUEST_TIMEOUT_MS,
      throwOnRequestTimeout: true,
    },
  });
  return {
    async put(name, data, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: name,
          Body: data,
          ContentType: contentType,
          // Names are random and never reused: a CDN in front of the bucket may keep them.
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },

    async remove(name) {
      // Deleting a missing key succeeds, as `rm -f` does for the local disk.
      await client.send(new DeleteObjectCommand({ Bucket, Key: name }));
    },

    async list(prefix) {
      const files: TStoredFile[] = [];
      for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix: prefix || undefined })) {
        for (const o of page.Contents ?? []) {
          if (o.Key) files.push({ name: o.Key, modifiedAt: o.LastModified });
        }
      }
      return files;
    },

    async exists(name) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: name }));
        return true;
      } catch (err) {
        if (isNotFound(err)) return false;
        throw err;
      }
    },

    async read(name) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: name }));
        if (!res.Body) return null;
        return { body: res.Body.transformToWebStream() as ReadableStream<Uint8Array>, size: res.ContentLength };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },

    close() {
      client.destroy();
    },
  };
}
