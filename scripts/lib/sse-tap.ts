// One open live-event stream as a measuring script holds it: every event with the time it
// arrived (performance.now()), and whether the server has ended the stream.

export type TTapEvent = { event: string; data: string; at: number };

export type TTap = {
  status: number;
  events: TTapEvent[];
  ended: boolean;
  /** Resolves with the first event named `event` whose data contains `part` (received or to come). */
  first: (event: string, part?: string) => Promise<TTapEvent>;
  close: () => void;
};

export async function openTap(site: string, token: string): Promise<TTap> {
  const controller = new AbortController();
  const res = await fetch(`${site}/api/conversations/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  const waiters: { event: string; part: string; resolve: (e: TTapEvent) => void }[] = [];
  const fits = (e: TTapEvent, event: string, part: string) => e.event === event && e.data.includes(part);
  const tap: TTap = {
    status: res.status,
    events: [],
    ended: false,
    first: (event, part = '') => {
      const had = tap.events.find((e) => fits(e, event, part));
      if (had) return Promise.resolve(had);
      return new Promise((resolve) => waiters.push({ event, part, resolve }));
    },
    close: () => controller.abort(),
  };
  if (res.status !== 200 || !res.body) {
    tap.ended = true;
    await res.body?.cancel();
    return tap;
  }
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const at = performance.now();
        buffer += decoder.decode(value, { stream: true });
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          cut = buffer.indexOf('\n\n');
          const event = /^event: ?(.*)$/m.exec(block)?.[1];
          if (!event) continue;
          const data = [...block.matchAll(/^data: ?(.*)$/gm)].map((m) => m[1]).join('\n');
          const e = { event, data, at };
          tap.events.push(e);
          for (const w of waiters.filter((x) => fits(e, x.event, x.part))) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve(e);
          }
        }
      }
    } catch {
      // Aborted by close(), or the connection dropped: either way the stream is over.
    }
    tap.ended = true;
  })();
  return tap;
}
