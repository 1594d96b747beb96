import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linkify } from './linkify.ts';

describe('linkify', () => {
  it('finds http(s) and www. addresses and leaves sentence punctuation as text', () => {
    expect(linkify('See https://example.org/a?b=1. Or www.shop.example, (https://x.example/y)!')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.org/a?b=1', href: 'https://example.org/a?b=1' },
      { kind: 'text', text: '. Or ' },
      { kind: 'link', text: 'www.shop.example', href: 'https://www.shop.example' },
      { kind: 'text', text: ', (' },
      { kind: 'link', text: 'https://x.example/y', href: 'https://x.example/y' },
      { kind: 'text', text: ')!' },
    ]);
  });

  it('never makes a link of javascript: or data: addresses, or of markup', () => {
    for (const text of ['javascript:alert(1)', 'data:text/html,<b>x</b>', '<a href="https://evil.example">x</a>']) {
      for (const part of linkify(text)) if (part.kind === 'link') expect(part.href).toMatch(/^https?:\/\/[^<>"\s]+$/);
    }
  });

  it('gives back exactly the message it was given (property)', () => {
    const piece = fc.oneof(
      fc.string(),
      fc.constantFrom('https://a.example/x', 'www.b.example', 'http://c.example/(d)', ' ', '.', ')', '<', '"'),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const message = pieces.join('');
        const parts = linkify(message);
        expect(parts.map((p) => p.text).join('')).toBe(message);
        for (const p of parts) if (p.kind === 'link') expect(p.href).toMatch(/^https?:\/\/\S+$/);
      }),
    );
  });
});
