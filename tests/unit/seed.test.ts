import { describe, expect, it } from 'vitest';
import { slugify } from '../../api/lib/slug.ts';
import { buildBulkAd, type TBulkContext } from '../../drizzle/seed/bulk.ts';
import { demoCreatedAt, demoDescription, demoFeatures, demoGalleryCount } from '../../drizzle/seed/demo.ts';
import {
  DEMO_ADS,
  DEMO_CATEGORIES,
  DEMO_FAQS,
  DEMO_PAGES,
  DEMO_PLANS,
  DEMO_SETTINGS,
  DEMO_TESTIMONIALS,
} from '../../drizzle/seed/demo-content.ts';
import { hsl, portraitSvg, rng, SCENE_KINDS, sceneSvg } from '../../drizzle/seed/scenes.ts';

describe('scene drawings', () => {
  it('draws every category scene as a 4:3 SVG of the requested width', () => {
    for (const kind of SCENE_KINDS) {
      for (const variant of [0, 1, 2]) {
        const svg = sceneSvg(kind, { hue: 200, variant, seed: 3, width: 800 });
        expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"')).toBe(true);
        expect(svg.endsWith('</svg>')).toBe(true);
        expect(svg).not.toMatch(/NaN|undefined/);
      }
    }
  });

  it('gives different ads different colours and the same ad the same picture', () => {
    const a = sceneSvg('vehicles', { hue: 0, seed: 1 });
    expect(sceneSvg('vehicles', { hue: 0, seed: 1 })).toBe(a);
    expect(sceneSvg('vehicles', { hue: 120, seed: 1 })).not.toBe(a);
    expect(sceneSvg('vehicles', { hue: 0, seed: 1, variant: 1 })).not.toBe(a);
  });

  it('draws portraits without text or missing values', () => {
    const svg = portraitSvg({ hue: 30, seed: 2, longHair: true, size: 480 });
    expect(svg).toContain('width="480" height="480"');
    expect(svg).not.toMatch(/NaN|undefined|<text/);
  });

  it('converts HSL to hex colours', () => {
    expect(hsl(0, 100, 50)).toBe('#ff0000');
    expect(hsl(120, 100, 25)).toBe('#008000');
    expect(hsl(240, 100, 50)).toBe('#0000ff');
    expect(hsl(360 + 240, 100, 50)).toBe('#0000ff');
    expect(hsl(0, 0, 100)).toBe('#ffffff');
  });

  it('repeats the same random sequence for the same seed', () => {
    const a = rng(42);
    const b = rng(42);
    const seqA = Array.from({ length: 5 }, a);
    expect(Array.from({ length: 5 }, b)).toEqual(seqA);
    for (const v of seqA) expect(v >= 0 && v < 1).toBe(true);
  });
});

describe('demo content', () => {
  it('has about 40 ads spread over 8 categories that all exist', () => {
    expect(DEMO_CATEGORIES).toHaveLength(8);
    expect(DEMO_ADS.length).toBeGreaterThanOrEqual(40);
    const slugs = new Set(DEMO_CATEGORIES.map((c) => c.slug));
    for (const c of DEMO_CATEGORIES) expect(c.slug).toBe(slugify(c.name));
    for (const ad of DEMO_ADS) expect(slugs.has(ad.category)).toBe(true);
    for (const c of DEMO_CATEGORIES) expect(DEMO_ADS.filter((a) => a.category === c.slug).length).toBeGreaterThan(2);
  });

  it('gives every ad a unique heading, a valid rating, a price, a location and features', () => {
    expect(new Set(DEMO_ADS.map((a) => slugify(a.heading))).size).toBe(DEMO_ADS.length);
    for (const ad of DEMO_ADS) {
      expect(ad.rating).toBeGreaterThanOrEqual(1);
      expect(ad.rating).toBeLessThanOrEqual(5);
      expect(ad.price).toBeGreaterThan(0);
      expect(ad.location).toMatch(/^[\w .'-]+, [A-Z]{2}$/);
      expect(ad.features.length).toBeGreaterThan(0);
    }
    const featured = DEMO_ADS.filter((a) => a.featured).length;
    expect(featured).toBeGreaterThan(3);
    expect(featured).toBeLessThan(DEMO_ADS.length / 2);
  });

  it('writes descriptions as sanitised HTML with the details as a list', () => {
    const html = demoDescription({ intro: 'Fast & light <b>bike</b>', details: ['One', 'Two'], closing: 'Bye.' });
    expect(html).toBe('<p>Fast &amp; light &lt;b&gt;bike&lt;/b&gt;</p><ul><li>One</li><li>Two</li></ul><p>Bye.</p>');
  });

  it('stores features as a list of { id, value }', () => {
    expect(JSON.parse(demoFeatures(['AWD', 'Heated seats']))).toEqual([
      { id: 1, value: 'AWD' },
      { id: 2, value: 'Heated seats' },
    ]);
  });

  it('spreads ads over recent months with 1 to 3 gallery photos each', () => {
    const now = Date.parse('2025-06-01T12:00:00Z');
    const dates = DEMO_ADS.map((_, i) => demoCreatedAt(i, now).getTime());
    for (const d of dates) {
      expect(d).toBeLessThanOrEqual(now);
      expect(now - d).toBeLessThan(155 * 24 * 3600 * 1000);
    }
    expect(new Set(dates.map((d) => Math.floor(d / 86_400_000))).size).toBe(DEMO_ADS.length);
    const counts = DEMO_ADS.map((_, i) => demoGalleryCount(i));
    expect(Math.min(...counts)).toBe(1);
    expect(Math.max(...counts)).toBe(3);
  });

  it('has the about-us, FAQ and contact pages, FAQs, testimonials and three plans', () => {
    const about = DEMO_PAGES.find((p) => p.slug === 'about-us');
    expect(about?.template).toBe('aboutus');
    expect(about?.content).not.toBe('');
    expect(about?.howwework).not.toBe('');
    expect(DEMO_PAGES.map((p) => p.template).sort()).toEqual(['Faq', 'aboutus', 'contact']);
    expect(DEMO_FAQS.length).toBeGreaterThanOrEqual(6);
    expect(DEMO_TESTIMONIALS.length).toBe(4);
    expect(DEMO_PLANS).toHaveLength(3);
    expect(DEMO_PLANS.filter((p) => p.subscriptionType === 'NA' && p.price === null)).toHaveLength(1);
  });

  it('fills every setting, with four fa-brands social links', () => {
    for (const [key, value] of Object.entries(DEMO_SETTINGS)) expect(value, key).not.toBe('');
    expect(DEMO_SETTINGS.socialLinks.map((s) => s.icon)).toEqual([
      'fa-brands fa-facebook-f',
      'fa-brands fa-x-twitter',
      'fa-brands fa-instagram',
      'fa-brands fa-linkedin-in',
    ]);
    expect(DEMO_SETTINGS.freenumberads).toBeLessThan(DEMO_SETTINGS.goldnumberads);
    expect(DEMO_SETTINGS.goldnumberphotoAds).toBeLessThan(DEMO_SETTINGS.platinumnumberphotoAds);
  });
});

describe('bulk ads', () => {
  const ctx: TBulkContext = {
    categories: [
      ...DEMO_CATEGORIES.map((c, i) => ({
        id: i + 1,
        slug: c.slug,
        name: c.name,
        images: [`ad-${i}.webp`, `ad-${i}b.webp`],
      })),
      { id: 99, slug: 'garden-tools', name: 'Garden tools', images: [] },
    ],
    userIds: [7, 8],
    runId: 'abcde',
    now: Date.parse('2025-06-01T00:00:00Z'),
  };
  const rows = Array.from({ length: 5000 }, (_, n) => buildBulkAd(n, ctx));

  it('gives every bulk ad a unique slug that carries the run id', () => {
    expect(new Set(rows.map((r) => r.slug)).size).toBe(rows.length);
    for (const r of rows.slice(0, 50)) expect(r.slug).toMatch(/^[a-z0-9-]+-abcde[0-9a-z]+$/);
  });

  it('builds valid rows spread over categories, sellers and the last year', () => {
    for (const r of rows) {
      expect(r.rating >= 1 && r.rating <= 5).toBe(true);
      expect(r.price).toBeGreaterThanOrEqual(0);
      expect(['Y', 'N']).toContain(r.makeAsFeatured);
      expect(ctx.userIds).toContain(r.userId);
      expect(ctx.now - r.createdAt.getTime()).toBeLessThanOrEqual(365 * 24 * 3600 * 1000);
      const features = JSON.parse(r.features) as { id: number; value: string }[];
      expect(features.length).toBeGreaterThan(0);
      expect(r.description.startsWith('<p>')).toBe(true);
    }
    expect(new Set(rows.map((r) => r.categoryId)).size).toBe(ctx.categories.length);
    const featured = rows.filter((r) => r.makeAsFeatured === 'Y').length / rows.length;
    expect(featured).toBeGreaterThan(0.05);
    expect(featured).toBeLessThan(0.15);
  });

  it('reuses stored photos of the same category and none when the category has none', () => {
    for (const r of rows) {
      const cat = ctx.categories.find((c) => c.id === r.categoryId)!;
      if (cat.images.length) expect(cat.images).toContain(r.image);
      else expect(r.image).toBeNull();
      for (const g of r.galleryImages) expect(cat.images).toContain(g);
    }
  });

  it('varies the words so full-text search has something to find', () => {
    const words = new Set(rows.flatMap((r) => r.heading.toLowerCase().split(/\W+/)));
    expect(words.size).toBeGreaterThan(150);
    expect(new Set(rows.map((r) => r.heading)).size).toBeGreaterThan(2000);
    expect(rows.some((r) => /mountain bike/i.test(r.heading))).toBe(true);
  });

  it('escapes the HTML of the description', () => {
    const withAmp = rows.find((r) => r.heading.includes('H&M'));
    expect(withAmp?.description).toContain('H&amp;M');
    expect(withAmp?.description).not.toMatch(/H&M/);
  });

  it('builds the same row for the same number', () => {
    expect(buildBulkAd(123, ctx)).toEqual(rows[123]);
  });
});
