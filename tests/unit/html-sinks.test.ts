import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every place src/ injects raw HTML (`set:html`, `dangerouslySetInnerHTML`, `.innerHTML =`)
 * must inject something that went through the one sanitiser, api/lib/sanitize.ts. A sink
 * passes when its value is:
 *   1. a direct `sanitizeRichText(...)` (or `sanitizeAdDescription(...)`) call;
 *   2. a variable of the same file assigned from one of them;
 *   3. JSON-LD data escaped with `JSON.stringify(…).replace(/</g, '\\u003c')` inside a
 *      `<script type="application/ld+json">` (cannot close the script element);
 *   4. a stored field listed in STORED_SANITISED below, whose writer services are checked to
 *      sanitise that field before saving it;
 *   5. a variable of the same file holding HTML Astro rendered itself from a slot
 *      (`rememberedHtml(…, () => Astro.slots.render(…))`, src/lib/fragment-cache.ts): replayed
 *      markup, escaped when it was rendered like any template;
 *   6. in src/components/ui/glyph.tsx, a variable assigned from `iconShapes(…)`: a lucide icon's
 *      fixed shapes from the package's data, every attribute value escaped.
 * Anything else fails this test: sanitise it, or add it to the list with its writers.
 */
/** The exported cleaners of api/lib/sanitize.ts (ad descriptions have the stricter one). */
const SANITISER = '(?:sanitizeRichText|sanitizeAdDescription)';
type TStored = { file: string; expr: string; field: string; writers: string[] };
const STORED_SANITISED: TStored[] = [
  {
    file: 'src/pages/add-details/[slug].astro',
    expr: 'ad.description',
    field: 'description',
    writers: ['api/services/ads/create-ad.ts', 'api/services/ads/update-ad.ts', 'api/services/ads/get-ad-by-slug.ts'],
  },
  {
    file: 'src/components/layout/Footer.astro',
    expr: 'settings.footerads',
    field: 'footerads',
    writers: ['api/services/settings/update-settings.ts'],
  },
  {
    file: 'src/components/layout/Footer.astro',
    expr: 'settings.footer_shortdescription',
    field: 'footer_shortdescription',
    writers: ['api/services/settings/update-settings.ts'],
  },
  {
    file: 'src/admin/routes/ads.tsx',
    expr: 'row.original.description',
    field: 'description',
    writers: ['api/services/ads/create-ad.ts', 'api/services/ads/update-ad.ts'],
  },
  {
    file: 'src/components/content/TestimonialsCarousel.tsx',
    expr: 't.description',
    field: 'description',
    writers: ['api/services/testimonials/save-testimonial.ts'],
  },
  {
    file: 'src/components/wishlist/WishlistTable.tsx',
    expr: 'item.item_description',
    field: 'item_description',
    writers: ['api/services/wishlist/list-wishlist.ts'],
  },
  {
    file: 'src/pages/about-us.astro',
    expr: 'data.content',
    field: 'content',
    writers: ['api/services/pages/save-page.ts', 'api/services/pages/get-page-content.ts'],
  },
  {
    file: 'src/pages/about-us.astro',
    expr: 'data.howwework',
    field: 'howwework',
    writers: ['api/services/pages/save-page.ts', 'api/services/pages/get-page-content.ts'],
  },
  {
    file: 'src/pages/faqs.astro',
    expr: 'f.answer',
    field: 'answer',
    writers: ['api/services/faqs/save-faq.ts', 'src/pages/faqs.astro'],
  },
];

const root = path.resolve(import.meta.dirname, '../..');

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(p, out);
    else if (/\.(astro|tsx|ts|jsx|js)$/.test(entry.name)) out.push(p);
  }
  return out;
}

/** The expression inside the braces that start at `open` (a `{`), braces balanced. */
function braced(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const ch = text[i];
    if (ch === '{') depth++;
    else if (ch === '}') {
      depth--;
      if (depth === 0) return text.slice(open + 1, i).trim();
    }
  }
  return text.slice(open + 1).trim();
}

type TSink = { file: string; line: number; kind: string; expr: string };

function findSinks(): TSink[] {
  const sinks: TSink[] = [];
  for (const abs of walk(path.join(root, 'src'))) {
    const file = path.relative(root, abs).split(path.sep).join('/');
    const text = fs.readFileSync(abs, 'utf8');
    const patterns: [string, RegExp][] = [
      ['set:html', /set:html=\{/g],
      ['dangerouslySetInnerHTML', /dangerouslySetInnerHTML=\{\{\s*__html:/g],
      ['innerHTML', /\.(?:inner|outer)HTML\s*=(?!=)/g],
      ['insertAdjacentHTML', /\.insertAdjacentHTML\(/g],
    ];
    for (const [kind, re] of patterns) {
      for (const m of text.matchAll(re)) {
        const at = m.index ?? 0;
        let expr: string;
        if (kind === 'set:html') expr = braced(text, at + m[0].length - 1);
        else if (kind === 'dangerouslySetInnerHTML') {
          expr = braced(text, at + m[0].indexOf('{'))
            .replace(/^\{\s*__html:\s*/, '')
            .replace(/\}\s*$/, '')
            .trim();
        } else expr = (text.slice(at + m[0].length).split(/[;\n]/)[0] ?? '').trim();
        sinks.push({ file, line: text.slice(0, at).split('\n').length, kind, expr });
      }
    }
  }
  return sinks;
}

function isSafe(sink: TSink, text: string): string | null {
  const expr = sink.expr.replace(/\s+/g, ' ');
  if (new RegExp(`^${SANITISER}\\(`).test(expr)) return 'sanitised inline';
  if (/^[A-Za-z_$][\w$]*$/.test(expr) && new RegExp(`\\b(const|let)\\s+${expr}\\s*=\\s*${SANITISER}\\(`).test(text)) {
    return 'sanitised variable';
  }
  if (/^JSON\.stringify\(.*\)\.replace\(\/<\/g, '\\\\u003c'\)$/.test(expr)) {
    const before = text.slice(0, text.indexOf(sink.expr));
    if (/<script[^>]*type="application\/ld\+json"[^>]*$/.test(before)) return 'escaped JSON-LD';
  }
  if (
    /^[A-Za-z_$][\w$]*$/.test(expr) &&
    new RegExp(`\\b(const|let)\\s+${expr}\\s*=[^;]*rememberedHtml\\([^;]*Astro\\.slots\\.render\\(`).test(text)
  ) {
    return 'replayed Astro rendering';
  }
  if (
    sink.file === 'src/components/ui/glyph.tsx' &&
    /^[A-Za-z_$][\w$]*$/.test(expr) &&
    new RegExp(`\\b(const|let)\\s+${expr}\\s*=\\s*iconShapes\\(`).test(text)
  ) {
    return 'lucide icon shapes';
  }
  const stored = STORED_SANITISED.find((s) => s.file === sink.file && s.expr === expr);
  if (stored) return 'stored sanitised';
  return null;
}

describe('raw HTML sinks in src/', () => {
  const sinks = findSinks();

  it('finds the sinks it is meant to police', () => {
    expect(sinks.length).toBeGreaterThan(0);
  });

  it('only injects HTML that went through api/lib/sanitize.ts', () => {
    const unsafe = sinks.filter((s) => !isSafe(s, fs.readFileSync(path.join(root, s.file), 'utf8')));
    expect(unsafe.map((s) => `${s.file}:${s.line} ${s.kind}={${s.expr}}`)).toEqual([]);
  });

  it('lists only stored fields whose writers really sanitise them', () => {
    for (const s of STORED_SANITISED) {
      for (const writer of s.writers) {
        const abs = path.join(root, writer);
        if (!fs.existsSync(abs)) continue;
        const text = fs.readFileSync(abs, 'utf8');
        const direct = new RegExp(`${SANITISER}\\(\\s*[\\w.?]*\\.?${s.field}\\b`);
        const assigned = new RegExp(`\\b${s.field}\\b\\s*[:=]\\s*${SANITISER}\\(`);
        expect(direct.test(text) || assigned.test(text), `${writer} sanitises ${s.field}`).toBe(true);
      }
      expect(
        s.writers.some((w) => fs.existsSync(path.join(root, w))),
        `a writer of ${s.field} exists`,
      ).toBe(true);
    }
  });

  it('recognises an unsanitised sink (the check itself works)', () => {
    const fake: TSink = { file: 'src/x.astro', line: 1, kind: 'set:html', expr: 'ad.heading' };
    expect(isSafe(fake, '<div set:html={ad.heading} />')).toBeNull();
    expect(isSafe({ ...fake, expr: 'sanitizeRichText(x)' }, '')).not.toBeNull();
    expect(isSafe({ ...fake, expr: 'clean' }, 'const clean = sanitizeRichText(html);')).not.toBeNull();
    expect(isSafe({ ...fake, expr: 'sanitizeAdDescription(x)' }, '')).not.toBeNull();
    expect(isSafe({ ...fake, expr: 'clean' }, 'const clean = html;')).toBeNull();
  });
});
