export type TSseEvent = { event: string; data: string; id?: string; comment: boolean };

/**
 * An open event stream read as the browser's EventSource reads it: blocks separated by a
 * blank line, `event:`/`data:`/`id:` fields, `:` comments. `next` waits for the first event
 * (after those already taken) that matches.
 */
export async function openStream(origin: string, token: string, headers: Record<string, string> = {}, query = '') {
  const res = await fetch(`${origin}/api/conversations/events${query}`, {
    headers: { authorization: `Bearer ${token}`, ...headers },
  });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const events: TSseEvent[] = [];
  let buffer = '';
  let taken = 0;
  let raw = '';
  let done = false;
  const pull = async () => {
    if (done) return false;
    const chunk = await reader.read();
    if (chunk.done) {
      done = true;
      return false;
    }
    const text = decoder.decode(chunk.value, { stream: true });
    raw += text;
    buffer += text;
    let cut = buffer.indexOf('\n\n');
    while (cut >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const ev: TSseEvent = { event: 'message', data: '', comment: false };
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) ev.comment = true;
        else if (line.startsWith('event:')) ev.event = line.slice(6).trim();
        else if (line.startsWith('data:')) ev.data += line.slice(5).trim();
        else if (line.startsWith('id:')) ev.id = line.slice(3).trim();
      }
      if (ev.data || ev.comment) events.push(ev);
      cut = buffer.indexOf('\n\n');
    }
    return true;
  };
  return {
    res,
    raw: () => raw,
    /** Every event received so far (read more with `next` or `ended`). */
    events: () => events.filter((e) => !e.comment),
    async next(event: string, match: (data: any) => boolean = () => true): Promise<any> {
      for (;;) {
        while (taken < events.length) {
          const ev = events[taken++] as TSseEvent;
          if (ev.comment || ev.event !== event) continue;
          const data = JSON.parse(ev.data);
          if (match(data)) return data;
        }
        if (!(await pull())) throw new Error(`the stream ended before a "${event}" event`);
      }
    },
    /** Resolves true once the server has ended the stream. */
    async ended(): Promise<boolean> {
      while (await pull()) {}
      return true;
    },
    close: () => reader.cancel().catch(() => {}),
  };
}
