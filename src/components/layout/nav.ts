/** The header menu, in order (docs/SCREENS.md, On every public page). */
export const MENU = [
  { href: '/', label: 'Home' },
  { href: '/about-us', label: 'About Us' },
  { href: '/category', label: 'Category' },
  { href: '/membership', label: 'Membership' },
  { href: '/faqs', label: "Faq'S" },
  { href: '/contact-us', label: 'Contact Us' },
  { href: '/wishlist', label: 'Wishlists' },
] as const;

/** The footer's 'Services' links (docs/SCREENS.md, On every public page). */
export const SERVICES = [
  { href: '/', label: 'Home' },
  { href: '/about-us', label: 'About Us' },
  { href: '/category', label: 'Category' },
  { href: '/membership', label: 'Memberships' },
  { href: '/faqs', label: 'Faqs' },
  { href: '/contact-us', label: 'Contact Us' },
] as const;

/** Is `href` the current page (or, for sections, one of its pages)? */
export function isActive(href: string, pathname: string): boolean {
  const path = pathname.replace(/\/$/, '') || '/';
  if (href === '/') return path === '/' || path === '/home';
  return path === href || path.startsWith(`${href}/`);
}

/** A tel: link for a phone number as people write it ('+1 (415) 555-0134'). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

const BRANDS: [RegExp, string][] = [
  [/facebook/, 'Facebook'],
  [/x-twitter|\bfa-x\b/, 'X'],
  [/twitter/, 'Twitter'],
  [/instagram/, 'Instagram'],
  [/linkedin/, 'LinkedIn'],
  [/youtube/, 'YouTube'],
  [/pinterest/, 'Pinterest'],
  [/tiktok/, 'TikTok'],
  [/whatsapp/, 'WhatsApp'],
  [/telegram/, 'Telegram'],
  [/github/, 'GitHub'],
];

/** A readable name for a social link's icon class ('fa-brands fa-facebook-f' → 'Facebook'). */
export function socialLabel(icon: string): string {
  const name = icon.toLowerCase();
  return BRANDS.find(([re]) => re.test(name))?.[1] ?? 'Social link';
}
