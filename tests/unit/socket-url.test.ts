import { describe, expect, it } from 'vitest';
import { splitSocketDir } from '../../api/db/client.ts';

describe('DATABASE_URL with a Unix socket (libpq ?host=)', () => {
  it('takes a socket directory out of the URL, keeping everything else', () => {
    expect(splitSocketDir('postgres://app:pw@localhost:5432/shop?host=/var/run/postgresql&sslmode=disable')).toEqual({
      url: 'postgres://app:pw@localhost:5432/shop?sslmode=disable',
      socketDir: '/var/run/postgresql',
    });
  });

  it('leaves a TCP address, a host that is not a path and an unparsable URL as they are', () => {
    for (const url of [
      'postgres://postgres@127.0.0.1:5432/test',
      'postgres://postgres@localhost/test?host=db.internal',
      'not a url',
    ]) {
      expect(splitSocketDir(url)).toEqual({ url });
    }
  });
});
