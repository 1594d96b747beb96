import { describe, expect, it } from 'vitest';
import { rememberedHtml } from './fragment-cache.ts';

describe('rememberedHtml', () => {
  it('renders once per owners and name, again for a new owner or another name', async () => {
    let renders = 0;
    const render = (html: string) => async () => {
      renders++;
      return html;
    };
    const settings = { phone: '1' };
    const pages = [{ href: '/a', label: 'A' }];
    expect(await rememberedHtml([settings, pages], 'footer', render('<f1>'))).toBe('<f1>');
    expect(await rememberedHtml([settings, pages], 'footer', render('<f2>'))).toBe('<f1>');
    expect(renders).toBe(1);
    // Another name, the same owners: its own render.
    expect(await rememberedHtml([settings, pages], 'header /faqs', render('<h>'))).toBe('<h>');
    // Settings saved (a new object): rendered again; the old owner's entry is not reused.
    const saved = { phone: '2' };
    expect(await rememberedHtml([saved, pages], 'footer', render('<f3>'))).toBe('<f3>');
    // New footer pages under the same settings: rendered again too.
    expect(await rememberedHtml([saved, [...pages]], 'footer', render('<f4>'))).toBe('<f4>');
    expect(renders).toBe(4);
  });

  it('keeps no failed render', async () => {
    const owner = {};
    await expect(
      rememberedHtml([owner], 'x', async () => {
        throw new Error('render failed');
      }),
    ).rejects.toThrow('render failed');
    expect(await rememberedHtml([owner], 'x', async () => '<ok>')).toBe('<ok>');
  });

  it('keeps a bounded number of names per owner', async () => {
    const owner = {};
    for (let i = 0; i < 200; i++) await rememberedHtml([owner], `n${i}`, async () => `<${i}>`);
    let renders = 0;
    await rememberedHtml([owner], 'n0', async () => {
      renders++;
      return '<0>';
    });
    expect(renders).toBe(1);
  });
});
