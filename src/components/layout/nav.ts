/** SPEC.md §2 Header menu, in order. */
export const MENU = [
  { href: '/', label: 'Home' },
  { href: '/about-us', label: 'About Us' },
  { href: '/category', label: 'Category' },
  { href: '/membership', label: 'Membership' },
  { href: '/faqs', label: "Faq'S" },
  { href: '/contact-us', label: 'Contact Us' },
  { href: '/wishlist', label: 'Wishlists' },
] as const;

/** SPEC.md §2 Footer 'Services' links. */
export const SERVICES = [
  { href: '/', label: 'Home' },
  { href: '/about-us', label: 'About Us' },
  { href: '/category', label: 'Category' },
  { href: '/membership', label: 'Memberships' },
  { href: '/faqs', label: 'Faqs' },
  { href: '/contact-us', label: 'Contact Us' },
] as const;
