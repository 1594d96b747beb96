/** A piece of a message: plain text, or a web address to show as a link. */
export type TMessagePart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// http(s) addresses and www. ones, up to the first space or angle bracket; trailing punctuation
// that usually ends a sentence (.,!?:;) and an unmatched closing bracket stay text.
const URL_RE = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi;
const TRAILING = /[.,!?:;'"]+$/;

function trimUrl(raw: string): string {
  let url = raw.replace(TRAILING, '');
  while (url.endsWith(')') && (url.match(/\(/g)?.length ?? 0) < (url.match(/\)/g)?.length ?? 0)) {
    url = url.slice(0, -1).replace(TRAILING, '');
  }
  return url;
}

/**
 * Splits a message into text and links. Joining every part's `text` gives the message back
 * exactly, so nothing is lost or added; only http(s) links are made (never javascript: or
 * data:), and they are rendered as React elements, never as HTML.
 */
export function linkify(message: string): TMessagePart[] {
  const parts: TMessagePart[] = [];
  let at = 0;
  for (const match of message.matchAll(URL_RE)) {
    const url = trimUrl(match[0]);
    if (!url || url.toLowerCase() === 'www.') continue;
    const start = match.index ?? 0;
    if (start > at) parts.push({ kind: 'text', text: message.slice(at, start) });
    const href = /^https?:\/\//i.test(url) ? url : `https://${url}`;
    parts.push({ kind: 'link', text: url, href });
    at = start + url.length;
  }
  if (at < message.length) parts.push({ kind: 'text', text: message.slice(at) });
  return parts;
}
