/**
 * Illustrations for the demo content, drawn as SVG (no downloads, no fonts) and rendered
 * by sharp at seed time. Each category has a scene that suggests its items; the hue and
 * variant change the colours and the shape so no two ads look the same.
 *
 * Everything here is pure (strings in, strings out) so it can be unit-tested.
 */

export const SCENE_KINDS = [
  'vehicles',
  'electronics',
  'real-estate',
  'furniture',
  'fashion',
  'jobs',
  'pets',
  'sports',
] as const;
export type TSceneKind = (typeof SCENE_KINDS)[number];

export type TSceneOptions = {
  /** Hue (0–360) of the item. */
  hue: number;
  /** Picks a shape variant of the scene (e.g. phone / laptop / headphones). */
  variant?: number;
  /** Varies the background and small details. */
  seed?: number;
  /** Rendered width in pixels (the drawing scales; height is 3/4 of it). Default 1200. */
  width?: number;
};

export const SCENE_WIDTH = 1200;
export const SCENE_HEIGHT = 900;

/** A small, fast, seedable PRNG (mulberry32): same seed, same sequence. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** HSL (degrees, percent, percent) to #rrggbb. */
export function hsl(h: number, s: number, l: number): string {
  const hue = (((h % 360) + 360) % 360) / 360;
  const sat = Math.max(0, Math.min(100, s)) / 100;
  const lig = Math.max(0, Math.min(100, l)) / 100;
  const q = lig < 0.5 ? lig * (1 + sat) : lig + sat - lig * sat;
  const p = 2 * lig - q;
  const channel = (t0: number) => {
    let t = t0;
    if (t < 0) t += 1;
    if (t > 1) t -= 1;
    if (t < 1 / 6) return p + (q - p) * 6 * t;
    if (t < 1 / 2) return q;
    if (t < 2 / 3) return p + (q - p) * (2 / 3 - t) * 6;
    return p;
  };
  const toHex = (v: number) =>
    Math.round(v * 255)
      .toString(16)
      .padStart(2, '0');
  const [r, g, b] = sat === 0 ? [lig, lig, lig] : [channel(hue + 1 / 3), channel(hue), channel(hue - 1 / 3)];
  return `#${toHex(r)}${toHex(g)}${toHex(b)}`;
}

type TPalette = {
  item: string;
  itemLight: string;
  itemDark: string;
  skyTop: string;
  skyBottom: string;
  floorTop: string;
  floorBottom: string;
  accent: string;
};

function palette(hue: number, seed: number): TPalette {
  const r = rng(seed * 7919 + 17);
  const bg = hue + 150 + r() * 60;
  return {
    item: hsl(hue, 62, 48),
    itemLight: hsl(hue, 70, 62),
    itemDark: hsl(hue, 58, 32),
    skyTop: hsl(bg, 48, 84),
    skyBottom: hsl(bg + 15, 40, 95),
    floorTop: hsl(bg, 16, 84),
    floorBottom: hsl(bg, 14, 72),
    accent: hsl(hue + 40 + r() * 40, 80, 60),
  };
}

/** Shared defs: gradients for sky, floor and item shading, and a soft-shadow blur. */
function defs(p: TPalette): string {
  return `<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.skyTop}"/><stop offset="1" stop-color="${p.skyBottom}"/></linearGradient>
<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.floorTop}"/><stop offset="1" stop-color="${p.floorBottom}"/></linearGradient>
<linearGradient id="item" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.itemLight}"/><stop offset="0.55" stop-color="${p.item}"/><stop offset="1" stop-color="${p.itemDark}"/></linearGradient>
<linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e0f2fe"/><stop offset="0.5" stop-color="#7dd3fc"/><stop offset="1" stop-color="#334155"/></linearGradient>
<radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#ffffff" stop-opacity="0.9"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
<filter id="soft" x="-20%" y="-50%" width="140%" height="200%"><feGaussianBlur stdDeviation="14"/></filter>
</defs>`;
}

function backdrop(seed: number, horizon = 640): string {
  const r = rng(seed * 31 + 5);
  const sunX = 150 + r() * 900;
  const sunY = 120 + r() * 120;
  const bokeh = Array.from({ length: 5 }, () => {
    const x = r() * 1200;
    const y = r() * (horizon - 100);
    const rad = 30 + r() * 70;
    return `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${rad.toFixed(0)}" fill="#ffffff" opacity="${(0.12 + r() * 0.18).toFixed(2)}"/>`;
  }).join('');
  return `<rect width="1200" height="900" fill="url(#sky)"/>
<circle cx="${sunX.toFixed(0)}" cy="${sunY.toFixed(0)}" r="200" fill="url(#glow)"/>
${bokeh}
<rect y="${horizon}" width="1200" height="${900 - horizon}" fill="url(#floor)"/>
<rect y="${horizon}" width="1200" height="3" fill="#ffffff" opacity="0.5"/>`;
}

function shadow(cx: number, cy: number, rx: number, ry = 26): string {
  return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#0f172a" opacity="0.28" filter="url(#soft)"/>`;
}

function wheel(cx: number, cy: number, r: number): string {
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#1e293b"/>
<circle cx="${cx}" cy="${cy}" r="${r * 0.58}" fill="#cbd5e1"/>
<circle cx="${cx}" cy="${cy}" r="${r * 0.46}" fill="#94a3b8"/>
${[0, 72, 144, 216, 288].map((a) => `<rect x="${cx - 4}" y="${cy - r * 0.46}" width="8" height="${r * 0.46}" fill="#e2e8f0" transform="rotate(${a} ${cx} ${cy})"/>`).join('')}
<circle cx="${cx}" cy="${cy}" r="${r * 0.14}" fill="#475569"/>`;
}

function vehicle(p: TPalette, variant: number): string {
  const ground = 660;
  if (variant % 3 === 1) {
    // SUV: taller cabin, boxy rear.
    return `${shadow(600, ground, 380)}
<path d="M220 640 L220 520 Q225 470 290 455 L390 440 L450 330 Q460 310 490 310 L820 310 Q850 310 870 335 L950 440 Q1000 450 1000 500 L1000 640 Z" fill="url(#item)"/>
<path d="M470 430 L515 345 Q520 335 535 335 L640 335 L640 430 Z" fill="url(#glass)"/>
<path d="M660 335 L800 335 Q815 335 828 350 L890 430 L660 430 Z" fill="url(#glass)"/>
<rect x="648" y="335" width="12" height="100" fill="${p.itemDark}"/>
<path d="M230 520 L990 520" stroke="${p.itemDark}" stroke-width="4" opacity="0.5"/>
<rect x="960" y="470" width="36" height="24" rx="8" fill="#fde68a"/>
<rect x="222" y="480" width="22" height="34" rx="6" fill="#ef4444"/>
<circle cx="360" cy="640" r="86" fill="${p.itemDark}"/><circle cx="860" cy="640" r="86" fill="${p.itemDark}"/>
${wheel(360, 640, 72)}${wheel(860, 640, 72)}`;
  }
  if (variant % 3 === 2) {
    // Pickup truck: cab at the front, open bed behind.
    return `${shadow(600, ground, 400)}
<path d="M190 640 L190 500 L600 500 L600 400 Q605 360 650 355 L800 350 Q840 350 860 380 L920 470 Q1010 480 1010 530 L1010 640 Z" fill="url(#item)"/>
<path d="M630 470 L640 395 Q645 378 665 378 L780 375 Q805 375 820 395 L875 470 Z" fill="url(#glass)"/>
<rect x="190" y="490" width="410" height="16" fill="${p.itemDark}"/>
<rect x="980" y="500" width="32" height="24" rx="8" fill="#fde68a"/>
<rect x="190" y="520" width="20" height="40" rx="5" fill="#ef4444"/>
<circle cx="330" cy="640" r="84" fill="${p.itemDark}"/><circle cx="870" cy="640" r="84" fill="${p.itemDark}"/>
${wheel(330, 640, 70)}${wheel(870, 640, 70)}`;
  }
  // Sedan.
  return `${shadow(600, ground, 390)}
<path d="M210 630 L210 545 Q215 505 270 495 L420 475 Q480 400 560 385 L740 385 Q810 390 860 465 L960 485 Q1000 495 1000 545 L1000 630 Z" fill="url(#item)"/>
<path d="M455 475 Q505 415 565 405 L640 405 L640 475 Z" fill="url(#glass)"/>
<path d="M660 405 L735 405 Q785 410 825 475 L660 475 Z" fill="url(#glass)"/>
<rect x="642" y="400" width="16" height="80" fill="${p.itemDark}"/>
<path d="M230 540 Q600 520 990 540" stroke="#ffffff" stroke-width="5" opacity="0.35" fill="none"/>
<rect x="955" y="505" width="40" height="22" rx="9" fill="#fde68a"/>
<rect x="212" y="505" width="26" height="22" rx="6" fill="#ef4444"/>
<rect x="600" y="500" width="40" height="8" rx="4" fill="${p.itemDark}"/>
<circle cx="350" cy="630" r="82" fill="${p.itemDark}"/><circle cx="860" cy="630" r="82" fill="${p.itemDark}"/>
${wheel(350, 630, 68)}${wheel(860, 630, 68)}`;
}

function electronics(p: TPalette, variant: number): string {
  if (variant % 3 === 1) {
    // Laptop.
    return `${shadow(600, 690, 400, 30)}
<path d="M330 250 Q330 230 350 230 L850 230 Q870 230 870 250 L870 600 L330 600 Z" fill="#1e293b"/>
<rect x="352" y="252" width="496" height="326" rx="6" fill="url(#item)"/>
<circle cx="470" cy="360" r="90" fill="${p.accent}" opacity="0.7"/>
<circle cx="700" cy="470" r="120" fill="#ffffff" opacity="0.18"/>
<path d="M240 600 L960 600 L1010 660 Q1012 680 990 680 L210 680 Q188 680 190 660 Z" fill="#cbd5e1"/>
<rect x="530" y="610" width="140" height="14" rx="7" fill="#94a3b8"/>`;
  }
  if (variant % 3 === 2) {
    // Headphones.
    return `${shadow(600, 700, 300, 28)}
<path d="M380 540 Q380 230 600 230 Q820 230 820 540" fill="none" stroke="#1e293b" stroke-width="44" stroke-linecap="round"/>
<path d="M380 540 Q380 230 600 230 Q820 230 820 540" fill="none" stroke="${p.itemLight}" stroke-width="12" stroke-linecap="round" opacity="0.5"/>
<rect x="320" y="470" width="130" height="210" rx="60" fill="url(#item)"/>
<rect x="750" y="470" width="130" height="210" rx="60" fill="url(#item)"/>
<rect x="350" y="500" width="70" height="150" rx="35" fill="#0f172a" opacity="0.35"/>
<rect x="780" y="500" width="70" height="150" rx="35" fill="#0f172a" opacity="0.35"/>`;
  }
  // Smartphone.
  return `${shadow(600, 720, 210, 26)}
<rect x="455" y="150" width="290" height="570" rx="48" fill="#0f172a"/>
<rect x="470" y="165" width="260" height="540" rx="38" fill="url(#item)"/>
<circle cx="540" cy="300" r="110" fill="${p.accent}" opacity="0.65"/>
<circle cx="680" cy="560" r="140" fill="#ffffff" opacity="0.16"/>
<rect x="560" y="180" width="80" height="22" rx="11" fill="#0f172a"/>
${[0, 1, 2, 3]
  .map(
    (i) =>
      `<rect x="${500 + i * 55}" y="600" width="40" height="40" rx="12" fill="#ffffff" opacity="${(0.55 - i * 0.08).toFixed(2)}"/>`,
  )
  .join('')}`;
}

function realEstate(p: TPalette, variant: number, seed: number): string {
  const r = rng(seed + 99);
  const wall = hsl(30 + r() * 30, 30, 88 - r() * 10);
  const trees = [160, 1040]
    .map(
      (x) => `<rect x="${x - 10}" y="520" width="20" height="120" fill="#78350f"/>
<circle cx="${x}" cy="470" r="${70 + r() * 20}" fill="${hsl(110 + r() * 30, 45, 38)}"/>
<circle cx="${x - 30}" cy="500" r="45" fill="${hsl(115 + r() * 30, 45, 45)}"/>`,
    )
    .join('');
  if (variant % 2 === 1) {
    // Apartment block.
    const windows = Array.from({ length: 4 }, (_, row) =>
      Array.from(
        { length: 4 },
        (_, col) =>
          `<rect x="${445 + col * 85}" y="${215 + row * 95}" width="55" height="60" rx="4" fill="url(#glass)" opacity="${(0.75 + r() * 0.25).toFixed(2)}"/>`,
      ).join(''),
    ).join('');
    return `${trees}${shadow(600, 650, 260)}
<rect x="410" y="170" width="380" height="480" fill="${wall}"/>
<rect x="400" y="160" width="400" height="24" fill="url(#item)"/>
${windows}
<rect x="560" y="580" width="80" height="70" fill="url(#item)"/>`;
  }
  return `${trees}${shadow(600, 655, 330)}
<rect x="720" y="210" width="50" height="110" fill="${p.itemDark}"/>
<rect x="330" y="390" width="540" height="260" fill="${wall}"/>
<path d="M290 400 L600 200 L910 400 Z" fill="url(#item)"/>
<path d="M290 400 L600 200 L910 400" fill="none" stroke="${p.itemDark}" stroke-width="10" stroke-linejoin="round"/>
<rect x="555" y="500" width="90" height="150" rx="6" fill="${p.itemDark}"/>
<circle cx="630" cy="580" r="6" fill="#fde68a"/>
<rect x="390" y="450" width="110" height="90" rx="4" fill="url(#glass)"/>
<rect x="700" y="450" width="110" height="90" rx="4" fill="url(#glass)"/>
<path d="M445 450 L445 540 M390 495 L500 495 M755 450 L755 540 M700 495 L810 495" stroke="${wall}" stroke-width="6"/>
<path d="M560 650 L520 900 L680 900 L640 650 Z" fill="#e7e5e4" opacity="0.8"/>`;
}

function furniture(p: TPalette, variant: number, seed: number): string {
  const r = rng(seed + 7);
  const frame = `<rect x="${480 + r() * 80}" y="150" width="220" height="160" rx="6" fill="#ffffff" stroke="${p.itemDark}" stroke-width="10"/>
<path d="M${500 + r() * 60} 290 L600 200 L660 260 L700 220 L${700 + r() * 40} 290 Z" fill="${p.accent}" opacity="0.7"/>`;
  const lamp = `<rect x="1010" y="300" width="10" height="340" fill="#334155"/>
<path d="M960 300 L1070 300 L1040 220 L990 220 Z" fill="${p.accent}"/>
<rect x="975" y="630" width="80" height="14" rx="7" fill="#334155"/>`;
  const plant = `<path d="M150 640 L140 560 L240 560 L230 640 Z" fill="#a16207"/>
<ellipse cx="170" cy="500" rx="22" ry="60" fill="#15803d" transform="rotate(-20 170 500)"/>
<ellipse cx="210" cy="495" rx="22" ry="62" fill="#16a34a" transform="rotate(20 210 495)"/>
<ellipse cx="190" cy="480" rx="20" ry="70" fill="#22c55e"/>`;
  if (variant % 2 === 1) {
    // Armchair with a side table.
    return `${frame}${lamp}${plant}${shadow(560, 655, 230)}
<rect x="380" y="330" width="360" height="220" rx="60" fill="url(#item)"/>
<rect x="340" y="440" width="90" height="190" rx="40" fill="${p.item}"/>
<rect x="690" y="440" width="90" height="190" rx="40" fill="${p.item}"/>
<rect x="420" y="500" width="280" height="110" rx="30" fill="${p.itemLight}"/>
<rect x="370" y="620" width="14" height="30" fill="#3f2d20"/><rect x="736" y="620" width="14" height="30" fill="#3f2d20"/>
<rect x="820" y="520" width="130" height="16" rx="4" fill="#78350f"/>
<rect x="835" y="536" width="12" height="110" fill="#78350f"/><rect x="923" y="536" width="12" height="110" fill="#78350f"/>`;
  }
  return `${frame}${lamp}${plant}${shadow(600, 660, 360)}
<rect x="300" y="350" width="600" height="200" rx="40" fill="url(#item)"/>
<rect x="260" y="440" width="110" height="190" rx="40" fill="${p.item}"/>
<rect x="830" y="440" width="110" height="190" rx="40" fill="${p.item}"/>
<rect x="350" y="500" width="245" height="110" rx="26" fill="${p.itemLight}"/>
<rect x="605" y="500" width="245" height="110" rx="26" fill="${p.itemLight}"/>
<rect x="380" y="390" width="120" height="90" rx="24" fill="${p.accent}" transform="rotate(-8 440 435)"/>
<rect x="290" y="625" width="16" height="30" fill="#3f2d20"/><rect x="894" y="625" width="16" height="30" fill="#3f2d20"/>`;
}

function fashion(p: TPalette, variant: number): string {
  const hanger = `<path d="M600 150 Q600 120 620 118 Q640 118 640 138 Q640 155 600 175" fill="none" stroke="#475569" stroke-width="8" stroke-linecap="round"/>
<path d="M600 175 L430 250 L770 250 Z" fill="none" stroke="#475569" stroke-width="10" stroke-linejoin="round"/>
<rect x="0" y="112" width="1200" height="12" fill="#94a3b8"/>`;
  if (variant % 3 === 1) {
    // Dress.
    return `${hanger}${shadow(600, 720, 260)}
<path d="M520 240 Q600 280 680 240 L700 380 Q690 400 680 410 L830 700 Q600 740 370 700 L520 410 Q510 400 500 380 Z" fill="url(#item)"/>
<path d="M520 400 Q600 430 680 400" stroke="${p.accent}" stroke-width="18" fill="none"/>
<path d="M450 620 Q600 650 750 620" stroke="#ffffff" stroke-width="5" fill="none" opacity="0.35"/>`;
  }
  if (variant % 3 === 2) {
    // Sneaker on the floor.
    return `${shadow(600, 690, 330, 28)}
<path d="M280 640 L280 520 Q290 470 350 470 L470 470 Q520 470 560 430 L620 390 Q660 370 690 400 L760 480 Q820 520 900 540 Q960 555 960 600 L960 640 Z" fill="url(#item)"/>
<path d="M270 640 L970 640 L970 670 Q970 690 950 690 L290 690 Q270 690 270 670 Z" fill="#f8fafc"/>
<path d="M270 655 L970 655" stroke="#cbd5e1" stroke-width="4"/>
<path d="M440 560 Q600 520 760 560" stroke="#ffffff" stroke-width="16" fill="none" opacity="0.8"/>
${[0, 1, 2, 3].map((i) => `<path d="M${560 + i * 35} ${450 + i * 20} L${610 + i * 35} ${430 + i * 20}" stroke="#ffffff" stroke-width="8" stroke-linecap="round"/>`).join('')}`;
  }
  // T-shirt.
  return `${hanger}${shadow(600, 730, 240)}
<path d="M470 245 L540 225 Q600 265 660 225 L730 245 L850 360 L770 430 L730 395 L730 700 L470 700 L470 395 L430 430 L350 360 Z" fill="url(#item)"/>
<path d="M540 225 Q600 275 660 225" fill="none" stroke="${p.itemDark}" stroke-width="10"/>
<circle cx="600" cy="450" r="70" fill="${p.accent}" opacity="0.8"/>
<circle cx="600" cy="450" r="40" fill="#ffffff" opacity="0.5"/>`;
}

function jobs(p: TPalette, variant: number): string {
  const desk = `<rect y="610" width="1200" height="40" fill="#92400e"/><rect y="650" width="1200" height="250" fill="#78350f" opacity="0.5"/>`;
  const mug = `<rect x="900" y="500" width="90" height="110" rx="14" fill="#f8fafc"/>
<path d="M990 525 Q1040 525 1040 560 Q1040 595 990 590" fill="none" stroke="#f8fafc" stroke-width="14"/>
<path d="M925 480 Q915 455 935 440 M955 480 Q945 455 965 440" stroke="#ffffff" stroke-width="6" fill="none" opacity="0.7"/>`;
  if (variant % 2 === 1) {
    // Clipboard with a checklist.
    return `${desk}${mug}${shadow(560, 620, 230, 20)}
<rect x="400" y="180" width="320" height="430" rx="20" fill="url(#item)"/>
<rect x="430" y="220" width="260" height="370" rx="8" fill="#ffffff"/>
<rect x="500" y="160" width="120" height="50" rx="12" fill="#475569"/>
${[0, 1, 2, 3, 4]
  .map(
    (
      i,
    ) => `<path d="M455 ${275 + i * 65} l14 14 l24 -28" stroke="${p.item}" stroke-width="8" fill="none" stroke-linecap="round"/>
<rect x="510" y="${272 + i * 65}" width="${140 - (i % 2) * 40}" height="14" rx="7" fill="#cbd5e1"/>`,
  )
  .join('')}`;
  }
  // Briefcase.
  return `${desk}${mug}${shadow(560, 615, 290, 20)}
<path d="M500 300 L500 260 Q500 235 525 235 L635 235 Q660 235 660 260 L660 300" fill="none" stroke="${p.itemDark}" stroke-width="22"/>
<rect x="330" y="300" width="500" height="310" rx="30" fill="url(#item)"/>
<rect x="330" y="410" width="500" height="22" fill="${p.itemDark}" opacity="0.6"/>
<rect x="555" y="395" width="50" height="55" rx="8" fill="#fbbf24"/>
<rect x="360" y="320" width="440" height="10" rx="5" fill="#ffffff" opacity="0.25"/>`;
}

/** Natural coat colours: pets do not come in every hue. */
const COATS: [number, number, number][] = [
  [28, 72, 55],
  [25, 40, 36],
  [220, 8, 58],
  [38, 55, 78],
  [220, 14, 24],
  [40, 70, 60],
];

/** The item colours of `p` replaced by a fixed hue/saturation/lightness. */
function recolour(p: TPalette, [h, s, l]: [number, number, number]): TPalette {
  return { ...p, item: hsl(h, s, l), itemLight: hsl(h, s, Math.min(92, l + 16)), itemDark: hsl(h, s, l - 16) };
}

function pets(p: TPalette, variant: number): string {
  const fur = p.item;
  const cushion = `${shadow(600, 690, 330, 26)}<ellipse cx="600" cy="660" rx="330" ry="60" fill="${p.accent}"/>`;
  if (variant % 2 === 1) {
    // Dog.
    return `${cushion}
<ellipse cx="600" cy="540" rx="200" ry="130" fill="url(#item)"/>
<path d="M760 520 Q880 470 860 380" stroke="${fur}" stroke-width="34" fill="none" stroke-linecap="round"/>
<rect x="440" y="560" width="60" height="110" rx="28" fill="${p.itemDark}"/>
<rect x="700" y="560" width="60" height="110" rx="28" fill="${p.itemDark}"/>
<circle cx="450" cy="360" r="120" fill="url(#item)"/>
<ellipse cx="350" cy="370" rx="45" ry="95" fill="${p.itemDark}" transform="rotate(15 350 370)"/>
<ellipse cx="550" cy="370" rx="45" ry="95" fill="${p.itemDark}" transform="rotate(-15 550 370)"/>
<ellipse cx="420" cy="415" rx="70" ry="50" fill="${p.itemLight}"/>
<circle cx="410" cy="335" r="14" fill="#0f172a"/><circle cx="490" cy="335" r="14" fill="#0f172a"/>
<ellipse cx="420" cy="395" rx="22" ry="16" fill="#0f172a"/>
<path d="M420 412 Q420 440 395 445 M420 412 Q420 440 445 445" stroke="#0f172a" stroke-width="5" fill="none"/>`;
  }
  // Cat.
  return `${cushion}
<path d="M760 620 Q900 600 880 470 Q870 420 830 430" stroke="${p.itemDark}" stroke-width="30" fill="none" stroke-linecap="round"/>
<ellipse cx="600" cy="520" rx="170" ry="170" fill="url(#item)"/>
<ellipse cx="600" cy="560" rx="90" ry="120" fill="${p.itemLight}" opacity="0.7"/>
<path d="M490 260 L505 150 L580 225 Z" fill="${p.itemDark}"/>
<path d="M710 260 L695 150 L620 225 Z" fill="${p.itemDark}"/>
<circle cx="600" cy="300" r="115" fill="url(#item)"/>
<path d="M505 175 L515 230 L555 225 Z M695 175 L685 230 L645 225 Z" fill="#fda4af"/>
<ellipse cx="560" cy="290" rx="16" ry="22" fill="#14532d"/><ellipse cx="640" cy="290" rx="16" ry="22" fill="#14532d"/>
<ellipse cx="560" cy="290" rx="5" ry="18" fill="#0f172a"/><ellipse cx="640" cy="290" rx="5" ry="18" fill="#0f172a"/>
<path d="M588 335 L612 335 L600 350 Z" fill="#f472b6"/>
<path d="M520 345 L440 330 M520 355 L440 365 M680 345 L760 330 M680 355 L760 365" stroke="#ffffff" stroke-width="4" opacity="0.8"/>
<ellipse cx="530" cy="670" rx="45" ry="25" fill="${p.itemLight}"/><ellipse cx="670" cy="670" rx="45" ry="25" fill="${p.itemLight}"/>`;
}

function sports(p: TPalette, variant: number): string {
  if (variant % 2 === 1) {
    // Basketball and a water bottle.
    return `${shadow(560, 700, 220, 26)}
<circle cx="560" cy="500" r="200" fill="url(#item)"/>
<path d="M360 500 L760 500 M560 300 L560 700" stroke="#1f2937" stroke-width="10"/>
<path d="M420 360 Q500 500 420 640 M700 360 Q620 500 700 640" stroke="#1f2937" stroke-width="10" fill="none"/>
<circle cx="490" cy="410" r="50" fill="#ffffff" opacity="0.18"/>
${shadow(900, 700, 70, 16)}
<rect x="850" y="420" width="100" height="270" rx="30" fill="${p.accent}"/>
<rect x="870" y="380" width="60" height="50" rx="10" fill="#334155"/>
<rect x="850" y="500" width="100" height="60" fill="#ffffff" opacity="0.6"/>`;
  }
  // Bicycle.
  const wheelAt = (cx: number) => `<circle cx="${cx}" cy="560" r="140" fill="none" stroke="#1e293b" stroke-width="18"/>
<circle cx="${cx}" cy="560" r="122" fill="none" stroke="#94a3b8" stroke-width="4"/>
${[0, 30, 60, 90, 120, 150].map((a) => `<path d="M${cx - 122} 560 L${cx + 122} 560" stroke="#cbd5e1" stroke-width="3" transform="rotate(${a} ${cx} 560)"/>`).join('')}
<circle cx="${cx}" cy="560" r="14" fill="#475569"/>`;
  return `${shadow(600, 705, 400, 20)}
${wheelAt(360)}${wheelAt(840)}
<path d="M360 560 L560 560 L500 360 Z M560 560 L770 360 L500 360 M770 360 L840 560" stroke="url(#item)" stroke-width="22" fill="none" stroke-linejoin="round" stroke-linecap="round"/>
<path d="M360 560 L560 560 L500 360 Z M560 560 L770 360 L500 360 M770 360 L840 560" stroke="${p.item}" stroke-width="22" fill="none" stroke-linejoin="round" stroke-linecap="round" opacity="0.6"/>
<path d="M490 330 L500 360" stroke="#334155" stroke-width="12"/>
<path d="M440 318 Q490 300 545 318 Q500 335 440 318 Z" fill="#1e293b"/>
<path d="M770 360 L755 300 L810 290" stroke="#334155" stroke-width="12" fill="none" stroke-linecap="round"/>
<circle cx="560" cy="560" r="32" fill="none" stroke="#475569" stroke-width="10"/>`;
}

/** The SVG of an item scene, 1200×900 (4:3, the card ratio). */
export function sceneSvg(kind: TSceneKind, options: TSceneOptions): string {
  const variant = Math.abs(Math.trunc(options.variant ?? 0));
  const seed = Math.abs(Math.trunc(options.seed ?? 1));
  let p = palette(options.hue, seed);
  // Pets wear natural coats and basketballs are orange, whatever the ad's hue.
  if (kind === 'pets') p = recolour(p, COATS[Math.floor(((options.hue % 360) + 360) / 60) % COATS.length]);
  if (kind === 'sports' && variant % 2 === 1) p = { ...recolour(p, [24, 85, 52]), accent: p.item };
  let item: string;
  let horizon = 640;
  switch (kind) {
    case 'vehicles':
      // Cars are long and low: scale them up to fill the frame.
      item = `<g transform="translate(600 640) scale(1.12) translate(-600 -640)">${vehicle(p, variant)}</g>`;
      horizon = 600;
      break;
    case 'electronics':
      item = electronics(p, variant);
      break;
    case 'real-estate':
      item = realEstate(p, variant, seed);
      break;
    case 'furniture':
      item = furniture(p, variant, seed);
      break;
    case 'fashion':
      item = fashion(p, variant);
      horizon = 700;
      break;
    case 'jobs':
      item = jobs(p, variant);
      horizon = 610;
      break;
    case 'pets':
      item = pets(p, variant);
      break;
    case 'sports':
      item = sports(p, variant);
      horizon = 660;
      break;
  }
  const width = Math.round(options.width ?? SCENE_WIDTH);
  const height = Math.round((width * SCENE_HEIGHT) / SCENE_WIDTH);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1200 900">${defs(p)}${backdrop(seed, horizon)}${item}</svg>`;
}

const SKIN = ['#f5d0b5', '#e8b48f', '#c68642', '#8d5524', '#f1c27d', '#ffdbac'];
const HAIR = ['#1f2937', '#4b2e1e', '#a16207', '#111827', '#78350f', '#d6d3d1'];

/** A friendly head-and-shoulders portrait (square, 600×600) for testimonials. */
export function portraitSvg(options: { hue: number; seed: number; longHair?: boolean; size?: number }): string {
  const size = Math.round(options.size ?? 600);
  const r = rng(options.seed * 13 + 3);
  const skin = SKIN[Math.floor(r() * SKIN.length)];
  const hair = HAIR[Math.floor(r() * HAIR.length)];
  const shirt = hsl(options.hue, 55, 45);
  const bgA = hsl(options.hue + 180, 45, 86);
  const bgB = hsl(options.hue + 210, 40, 94);
  const longHair = options.longHair
    ? `<path d="M190 250 Q180 420 220 470 L380 470 Q420 420 410 250 Z" fill="${hair}"/>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 600 600">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bgA}"/><stop offset="1" stop-color="${bgB}"/></linearGradient>
<linearGradient id="shirt" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(options.hue, 60, 55)}"/><stop offset="1" stop-color="${shirt}"/></linearGradient></defs>
<rect width="600" height="600" fill="url(#bg)"/>
<circle cx="${(100 + r() * 400).toFixed(0)}" cy="${(80 + r() * 120).toFixed(0)}" r="120" fill="#ffffff" opacity="0.3"/>
${longHair}
<path d="M90 600 Q100 450 300 430 Q500 450 510 600 Z" fill="url(#shirt)"/>
<path d="M250 430 L300 500 L350 430 Z" fill="${skin}"/>
<rect x="265" y="360" width="70" height="90" rx="30" fill="${skin}"/>
<ellipse cx="300" cy="270" rx="105" ry="125" fill="${skin}"/>
<path d="M195 250 Q190 140 300 135 Q410 140 405 250 Q380 190 300 185 Q230 190 195 250 Z" fill="${hair}"/>
<ellipse cx="262" cy="275" rx="10" ry="12" fill="#1f2937"/><ellipse cx="338" cy="275" rx="10" ry="12" fill="#1f2937"/>
<path d="M262 330 Q300 360 338 330" stroke="#9f1239" stroke-width="8" fill="none" stroke-linecap="round"/>
<ellipse cx="240" cy="315" rx="18" ry="10" fill="#fb7185" opacity="0.25"/><ellipse cx="360" cy="315" rx="18" ry="10" fill="#fb7185" opacity="0.25"/>
</svg>`;
}
