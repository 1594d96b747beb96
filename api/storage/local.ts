import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { TStorageBackend, TStoredFile } from './storage.ts';

/**
 * Uploads on the local disk (STORAGE=local, the default): one flat folder, $DATA_DIR/uploads.
 * Names reaching this file are already checked by storage.ts.
 */
export function localBackend(dir: string): TStorageBackend {
  const at = (name: string) => path.join(dir, name);
  return {
    async put(name, data) {
      await fs.mkdir(dir, { recursive: true });
      // Write then rename, so a reader never sees half a file; a failed write leaves no temp file.
      const tmp = at(`.${name}.${process.pid}.${crypto.randomUUID()}.tmp`);
      try {
        await fs.writeFile(tmp, data, { flag: 'wx' });
        await fs.rename(tmp, at(name));
      } catch (err) {
        await fs.rm(tmp, { force: true });
        throw err;
      }
    },

    async remove(name) {
      await fs.rm(at(name), { force: true });
    },

    async list(prefix, options) {
      let names: string[];
      try {
        names = (await fs.readdir(dir)).filter((n) => !n.startsWith('.') && n.startsWith(prefix));
      } catch {
        return [];
      }
      if (!options.withDates) return names.map((name) => ({ name }));
      const files = await Promise.all(
        names.map(async (name): Promise<TStoredFile | null> => {
          try {
            return { name, modifiedAt: (await fs.stat(at(name))).mtime };
          } catch {
            return null; // removed since the listing
          }
        }),
      );
      return files.filter((f): f is TStoredFile => f !== null);
    },

    async exists(name) {
      try {
        await fs.access(at(name));
        return true;
      } catch {
        return false;
      }
    },

    async read(name) {
      let size: number;
      try {
        const st = await fs.stat(at(name));
        if (!st.isFile()) return null;
        size = st.size;
      } catch {
        return null;
      }
      return { body: Readable.toWeb(createReadStream(at(name))) as ReadableStream<Uint8Array>, size };
    },
  };
}
