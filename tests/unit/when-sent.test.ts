import { describe, expect, it, vi } from 'vitest';
import { whenSent } from '../../api/lib/when-sent.ts';

const settled = async (p: Promise<unknown>) => {
  let done = false;
  void p.then(() => {
    done = true;
  });
  await new Promise((r) => setImmediate(r));
  await new Promise((r) => setImmediate(r));
  return done;
};

describe('whenSent', () => {
  it('resolves only once the whole body has been read, and keeps status, headers and bytes', async () => {
    const { res, sent } = whenSent(new Response('{"a":1}', { status: 201, headers: { 'x-a': 'b' } }));
    expect(await settled(sent)).toBe(false);
    expect(res.status).toBe(201);
    expect(res.headers.get('x-a')).toBe('b');
    const reader = res.body?.getReader();
    const first = await reader?.read();
    expect(new TextDecoder().decode(first?.value)).toBe('{"a":1}');
    expect(await settled(sent)).toBe(false);
    expect((await reader?.read())?.done).toBe(true);
    expect(await settled(sent)).toBe(true);
  });

  it('resolves when the reader gives up on the body', async () => {
    const { res, sent } = whenSent(new Response('x'));
    await res.body?.cancel();
    expect(await settled(sent)).toBe(true);
  });

  it('resolves after a second when nobody reads the body, and at once without one', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { sent } = whenSent(new Response('unread'));
      expect(await settled(sent)).toBe(false);
      vi.advanceTimersByTime(1000);
      expect(await settled(sent)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
    expect(await settled(whenSent(new Response(null, { status: 204 })).sent)).toBe(true);
  });
});
