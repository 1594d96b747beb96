import fc from 'fast-check';
import { Parser } from 'htmlparser2';
import blns from '../fixtures/blns.json' with { type: 'json' };

// The fuzzing tests' values (tests/api/fuzz.test.ts): hostile strings and wrong JSON types to
// send, and the check that stored HTML is inert.

/** Hostile strings: a rotating slice of BLNS, fast-check strings and a few classics. */
export function samples(seed: number, count: number): string[] {
  const list = blns as string[];
  const fromList = Array.from({ length: count }, (_, i) => list[(seed * 37 + i * 11) % list.length] as string);
  const generated = fc.sample(
    fc.oneof(
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.string({ unit: 'grapheme', maxLength: 40 }),
      fc.string({ unit: fc.constantFrom('<', '>', '"', "'", '&', '\\', '%', '\u0000', ' ', 'a'), maxLength: 30 }),
    ),
    { seed, numRuns: Math.ceil(count / 3) },
  );
  const classics = [
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udfffy',
    ' padded ',
    '\u202eevil',
    "'; DROP TABLE users; --",
    '<img src=x onerror=alert(1)>',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, on purpose
    '{{7*7}}${7*7}',
    '__proto__',
    'x'.repeat(100_001),
  ];
  return [...fromList, ...generated, ...classics];
}

/** Non-string JSON values, for JSON endpoints. */
export const WRONG_TYPES: unknown[] = [null, 0, -1, 1e308, true, [], ['a'], { a: 1 }, { $ne: null }];

const DANGEROUS_TAGS = new Set([
  'script',
  'iframe',
  'frame',
  'object',
  'embed',
  'base',
  'meta',
  'link',
  'style',
  'svg',
  'math',
  'form',
  'input',
  'button',
  'textarea',
  'template',
  'noscript',
]);
const URL_ATTRS = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'srcset', 'background', 'poster']);

/**
 * Why stored HTML could run script once rendered, or null when it is inert: no dangerous
 * element, no on* attribute, no javascript:/vbscript:/data: URL (browsers drop control
 * characters and whitespace before the scheme, so this does too).
 */
export function activeContent(html: string): string | null {
  let found: string | null = null;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (found) return;
        if (DANGEROUS_TAGS.has(name)) found = `<${name}>`;
        for (const [attr, value] of Object.entries(attribs)) {
          if (/^on/i.test(attr)) found = `${attr}= on <${name}>`;
          // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers strip these before the scheme
          const scheme = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
          if (URL_ATTRS.has(attr) && /^(javascript|vbscript|data):/.test(scheme)) found = `${attr}=${value}`;
        }
      },
    },
    { decodeEntities: true, lowerCaseAttributeNames: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  return found;
}

/** A form of `fields`, any value that is not a string as its JSON. */
export function formOf(fields: Record<string, unknown>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, typeof v === 'string' ? v : JSON.stringify(v));
  return f;
}
