/** How long a body nobody reads may hold back the work waiting for it. */
const UNREAD_BODY_MS = 1000;

/**
 * Wraps `res` so its caller learns when the answer has gone out: `sent` resolves once the
 * server has read the whole body (it writes each chunk to the socket as it reads it) or given
 * up on it, then one more turn of the event loop so the final write is done too. Work started
 * on `sent` therefore never delays the answer, nor shows in its timing. A body nobody reads
 * (an in-process caller that ignores it) releases `sent` after a second.
 */
export function whenSent(res: Response): { res: Response; sent: Promise<void> } {
  let release: () => void = () => {};
  const sent = new Promise<void>((resolve) => {
    release = () => setImmediate(resolve);
  });
  let released = false;
  const done = () => {
    if (released) return;
    released = true;
    clearTimeout(timer);
    release();
  };
  const timer = setTimeout(done, UNREAD_BODY_MS);
  timer.unref?.();
  if (!res.body) {
    done();
    return { res, sent };
  }
  const reader = res.body.getReader();
  // highWaterMark 0: pull only when the server asks for the next chunk, i.e. after it has
  // written the previous one (the default would read ahead and report the end too early).
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { done: end, value } = await reader.read();
          if (end) {
            controller.close();
            done();
          } else controller.enqueue(value);
        } catch (err) {
          controller.error(err);
          done();
        }
      },
      async cancel(reason) {
        done();
        await reader.cancel(reason);
      },
    },
    new CountQueuingStrategy({ highWaterMark: 0 }),
  );
  return { res: new Response(body, res), sent };
}
