/**
 * Rendered HTML of a page part that is the same for every anonymous visitor (the header and
 * footer), kept per `owners` (the cached objects it was rendered from, such as the settings: a
 * change, or a cache's refresh every few seconds, brings a new object and so a new render) and
 * a `name` naming everything else it depends on. Entries leave with their owners (WeakMaps).
 * Rendering the header and footer took about 0.7 ms of the server's time on every page
 * (docs/PERFORMANCE.md); replaying their HTML, microseconds.
 */
type TLevel = { next: WeakMap<object, TLevel>; html: Map<string, string> };
const root: TLevel = { next: new WeakMap(), html: new Map() };

/** Names kept per set of owners at most (a guard: the callers use a handful). */
const MAX_NAMES = 64;

function levelOf(owners: readonly object[]): TLevel {
  let level = root;
  for (const owner of owners) {
    let next = level.next.get(owner);
    if (!next) {
      next = { next: new WeakMap(), html: new Map() };
      level.next.set(owner, next);
    }
    level = next;
  }
  return level;
}

/** The HTML `render` made for `owners` and `name`, rendering it the first time it is asked for. */
export async function rememberedHtml(
  owners: readonly object[],
  name: string,
  render: () => Promise<string>,
): Promise<string> {
  const hit = levelOf(owners).html.get(name);
  if (hit !== undefined) return hit;
  const html = await render();
  const { html: byName } = levelOf(owners);
  if (byName.size >= MAX_NAMES) byName.clear();
  byName.set(name, html);
  return html;
}
