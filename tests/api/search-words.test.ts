import { beforeAll, describe, expect, it } from 'vitest';
import { insertAd, insertCategory } from '../helpers/catalog-factory.ts';
import { call, makeUser } from '../helpers/client.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

// What people type (issue 18, search that understands plurals): a plural finds the singular
// and back, `%` and `_` are characters rather than wildcards, and a number after a hyphen is
// found by the number.

beforeAll(async () => {
  await setupTestDb();
  const { user } = await makeUser({ name: 'Word Seller' });
  const cat = await insertCategory({ name: 'Things', slug: 'things' });
  const ad = (heading: string, description = '') =>
    insertAd({ heading, description, categoryId: cat.id, userId: user.id });
  await ad('Mountain bike');
  await ad('Two kids bikes');
  await ad('Summer dress');
  await ad('Three party dresses');
  await ad('Spare battery pack');
  await ad('Garden shelf');
  await ad('Used iphone', '<p>Comes with two leather cases.</p>');
  await ad('Drill model abc-123');
  await ad('Winter sale 50% off');
});

const headings = async (search: string) => {
  const res = await call('GET', `/all-ads?search=${encodeURIComponent(search)}&sort=relevance`);
  expect(res.status).toBe(200);
  return (res.data.ads as { heading: string }[]).map((a) => a.heading).sort();
};

describe(`search words on ${driver}`, () => {
  it('finds the singular from the plural and the plural from the singular', async () => {
    expect(await headings('bikes')).toEqual(['Mountain bike', 'Two kids bikes']);
    expect(await headings('bike')).toEqual(['Mountain bike', 'Two kids bikes']);
    expect(await headings('dresses')).toEqual(['Summer dress', 'Three party dresses']);
    expect(await headings('iphones')).toEqual(['Used iphone']);
    expect(await headings('batteries')).toEqual(['Spare battery pack']);
    expect(await headings('shelves')).toEqual(['Garden shelf']);
    // A plural word before the last (not a prefix) still finds the singular.
    expect(await headings('bikes mountain')).toEqual(['Mountain bike']);
    expect(await headings('case iphone')).toEqual(['Used iphone']);
  });

  it('treats % and _ as characters, never as "everything"', async () => {
    for (const s of ['%', '_', '%%', '_%_']) {
      const res = await call('GET', `/all-ads?search=${encodeURIComponent(s)}`);
      expect(res.status, s).toBe(200);
      expect(res.data.total, s).toBe(0);
      expect(res.data.ads, s).toEqual([]);
    }
    // Beside words they are punctuation: the words still count.
    expect(await headings('50% off')).toEqual(['Winter sale 50% off']);
    expect(await headings('bike_')).toEqual(['Mountain bike', 'Two kids bikes']);
  });

  it('finds a number written after a hyphen', async () => {
    expect(await headings('abc-123')).toEqual(['Drill model abc-123']);
    expect(await headings('123')).toEqual(['Drill model abc-123']);
    expect(await headings('model 12')).toEqual(['Drill model abc-123']);
  });
});
