import { describe, expect, it } from 'vitest';
import { contrast, inkOnWhite, textOn, themeStyle } from './theme.ts';

describe('theme colours', () => {
  it('keeps a dark primary as it is', () => {
    expect(inkOnWhite('#0f766e')).toBe('#0f766e');
  });
  it('darkens a light primary until it reads on white', () => {
    const ink = inkOnWhite('#fde047');
    expect(contrast(ink, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
  it('picks readable text for buttons', () => {
    expect(textOn('#0f766e')).toBe('#ffffff');
    expect(textOn('#fde047')).toBe('#111827');
  });
  it('falls back to the default for garbage input', () => {
    expect(themeStyle('red;}</style>', '#000000')).toContain('--brand-primary:#0f766e');
  });
});
