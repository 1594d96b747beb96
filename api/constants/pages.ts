/** The templates a content page may use: the pages table's check and the admin form's choices. Imports nothing. */
export const PAGE_TEMPLATES = ['default', 'home', 'aboutus', 'Faq', 'contact'] as const;
export type TPageTemplate = (typeof PAGE_TEMPLATES)[number];
