/** Theme colours from settings, made safe to use as text (WCAG AA 4.5:1 on white). */

function rgb(hex: string): [number, number, number] {
  const h = /^#?([0-9a-f]{6})$/i.exec(hex.trim())?.[1] ?? '0f766e';
  return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

function luminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrast(a: string, b: string): number {
  const [la, lb] = [luminance(rgb(a)), luminance(rgb(b))].sort((x, y) => y - x) as [number, number];
  return (la + 0.05) / (lb + 0.05);
}

function toHex(c: [number, number, number]) {
  return `#${c
    .map((v) =>
      Math.max(0, Math.min(255, Math.round(v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Darkens `hex` step by step until it reads on white at 4.5:1. */
export function inkOnWhite(hex: string): string {
  let c = rgb(hex);
  for (let i = 0; i < 40 && contrast(toHex(c), '#ffffff') < 4.5; i++) c = c.map((v) => v * 0.9) as typeof c;
  return toHex(c);
}

/** White or near-black text on a background of `hex`, whichever contrasts more. */
export function textOn(hex: string): string {
  return contrast(hex, '#ffffff') >= contrast(hex, '#111827') ? '#ffffff' : '#111827';
}

export function themeStyle(primary: string, secondary: string): string {
  const p = toHex(rgb(primary));
  const s = toHex(rgb(secondary));
  return [
    `--brand-primary:${p}`,
    `--brand-primary-ink:${inkOnWhite(p)}`,
    `--brand-primary-fg:${textOn(p)}`,
    `--brand-secondary:${s}`,
    `--brand-secondary-fg:${textOn(s)}`,
  ].join(';');
}
