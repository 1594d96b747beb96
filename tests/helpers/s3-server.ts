import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll } from 'vitest';
import { resetEnv } from '../../api/env.ts';

const BUCKET = 'marketplace-uploads';
const S3_VARS = ['STORAGE', 'S3_BUCKET', 'S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'];

/**
 * A real S3-compatible server (s3rver, in this process, on a free loopback port, objects in a
 * temporary folder) with one bucket, and the environment pointing STORAGE=s3 at it. Call it
 * before setupTestDb(), which re-reads the environment. Stopped and undone after the file.
 */
export async function startS3() {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'mkt-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET }],
    // s3rver signs a path-style bucket URL as /bucket while the SDK signs /bucket/, so
    // ListObjectsV2 would be refused; object requests are checked either way.
    allowMismatchedSignatures: true,
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const vars = {
    STORAGE: 's3',
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
  Object.assign(process.env, vars);
  resetEnv();
  // Our own view of the bucket, independent of api/storage.
  const client = new S3Client({
    endpoint,
    forcePathStyle: true,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  afterAll(async () => {
    for (const k of S3_VARS) delete process.env[k];
    resetEnv();
    client.destroy();
    await server.close();
    fs.rmSync(directory, { recursive: true, force: true });
  });
  return {
    endpoint,
    vars,
    /** Every key in the bucket, sorted. */
    async keys(): Promise<string[]> {
      const res = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
      return (res.Contents ?? []).map((o) => o.Key as string).sort();
    },
  };
}
