// The compression package ships no types; this is the part server/compression.ts uses.
declare module 'compression' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  type TFilter = (req: IncomingMessage, res: ServerResponse) => boolean;
  type TMiddleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

  function compression(options?: { threshold?: number | string; filter?: TFilter }): TMiddleware;
  namespace compression {
    /** The package's own test: a compressible Content-Type, no Cache-Control: no-transform. */
    const filter: TFilter;
  }
  export default compression;
}
