// @20minutes/s3rver ships no types; this is the part tests/helpers/s3-server.ts uses.
declare module '@20minutes/s3rver' {
  import type { AddressInfo } from 'node:net';

  export type TS3rverOptions = {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    allowMismatchedSignatures?: boolean;
    configureBuckets?: { name: string }[];
  };

  export default class S3rver {
    constructor(options: TS3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
