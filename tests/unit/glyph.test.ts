import { ChevronLeft, ChevronRight, Heart, type LucideIcon, MapPin, Search, SlidersHorizontal } from 'lucide-react';
import * as chevronLeftIcon from 'lucide-react/icons/chevron-left';
import * as chevronRightIcon from 'lucide-react/icons/chevron-right';
import * as heartIcon from 'lucide-react/icons/heart';
import * as mapPinIcon from 'lucide-react/icons/map-pin';
import * as searchIcon from 'lucide-react/icons/search';
import * as slidersIcon from 'lucide-react/icons/sliders-horizontal';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { glyph } from '../../src/components/ui/glyph.tsx';

// The icons the ad cards, the filter panel and the pager draw with glyph() must look exactly as
// lucide-react draws them: the same <svg>, attribute for attribute.
const ICONS: [string, LucideIcon, object][] = [
  ['map-pin', MapPin, mapPinIcon],
  ['heart', Heart, heartIcon],
  ['search', Search, searchIcon],
  ['sliders-horizontal', SlidersHorizontal, slidersIcon],
  ['chevron-left', ChevronLeft, chevronLeftIcon],
  ['chevron-right', ChevronRight, chevronRightIcon],
];

describe('glyph', () => {
  for (const [name, Lucide, module] of ICONS) {
    it(`draws ${name} as lucide-react does`, () => {
      const Glyph = glyph(module);
      const props = { className: 'h-4 w-4 shrink-0', 'aria-hidden': true };
      expect(renderToStaticMarkup(createElement(Glyph, props))).toBe(
        renderToStaticMarkup(createElement(Lucide, props)),
      );
      const filled = { ...props, fill: 'currentColor' };
      expect(renderToStaticMarkup(createElement(Glyph, filled))).toBe(
        renderToStaticMarkup(createElement(Lucide, filled)),
      );
    });
  }

  it('escapes what it writes into an attribute', () => {
    const Glyph = glyph({ __iconData: { name: 'x', node: [['path', { d: 'M0 0"/><script>', key: 'k' }]] } });
    expect(renderToStaticMarkup(createElement(Glyph))).toContain('<path d="M0 0&quot;/>&lt;script>"></path>');
  });
});
