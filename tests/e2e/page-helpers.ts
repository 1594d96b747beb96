import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** Waits until the named React island has hydrated (Astro drops its ssr attribute). */
export async function hydrated(page: Page, component: string) {
  await page.locator(`astro-island[component-url*="/${component}."]:not([ssr])`).first().waitFor({ state: 'attached' });
}

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** axe-core's WCAG 2.2 A/AA violations of the page as it is now, as readable lines (rule, impact, the first few elements). */
export async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  return result.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .slice(0, 4)
        .map((n) => n.target.join(' '))
        .join(' | ')}`,
  );
}
