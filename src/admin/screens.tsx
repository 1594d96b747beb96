import { type ComponentType, lazy } from 'react';

/**
 * Every admin route (docs/SCREENS.md, Admin area), the screen file that renders it, and who may see it.
 * A screen is one file under src/admin/routes/ (default export), loaded on demand.
 */
export type TScreen = {
  path: string;
  adminOnly: boolean;
  Component: React.LazyExoticComponent<ComponentType>;
};

const screen = (path: string, adminOnly: boolean, load: () => Promise<{ default: ComponentType }>): TScreen => ({
  path,
  adminOnly,
  Component: lazy(load),
});

export const SCREENS: TScreen[] = [
  screen('dashboard', false, () => import('./routes/dashboard.tsx')),
  screen('users', true, () => import('./routes/users.tsx')),
  screen('add-user', true, () => import('./routes/user-form.tsx')),
  screen('edit-user/:id', true, () => import('./routes/user-form.tsx')),
  screen('ads', false, () => import('./routes/ads.tsx')),
  screen('messages', false, () => import('./routes/messages.tsx')),
  screen('messages/:id', false, () => import('./routes/message-thread.tsx')),
  screen('add-ads', false, () => import('./routes/ad-form.tsx')),
  screen('edit-ads/:id', false, () => import('./routes/ad-form.tsx')),
  screen('settings', true, () => import('./routes/settings.tsx')),
  screen('add-edit-category', true, () => import('./routes/categories.tsx')),
  screen('pages', true, () => import('./routes/pages.tsx')),
  screen('edit-page', true, () => import('./routes/edit-page.tsx')),
  screen('add-edit-page', true, () => import('./routes/page-form.tsx')),
  screen('add-edit-page/:id', true, () => import('./routes/page-form.tsx')),
  screen('faqs', true, () => import('./routes/faqs.tsx')),
  screen('faq-form', true, () => import('./routes/faq-form.tsx')),
  screen('faq-form/:id', true, () => import('./routes/faq-form.tsx')),
  screen('testimonials', true, () => import('./routes/testimonials.tsx')),
  screen('add-testimonial', true, () => import('./routes/testimonial-form.tsx')),
  screen('edit-testimonial/:id', true, () => import('./routes/testimonial-form.tsx')),
  screen('inbox', true, () => import('./routes/inbox.tsx')),
  screen('inbox/:id', true, () => import('./routes/inbox-message.tsx')),
  screen('newsletter', true, () => import('./routes/newsletter.tsx')),
  screen('membership-plans', true, () => import('./routes/membership-plans.tsx')),
  screen('add-membership-plan', true, () => import('./routes/membership-plan-form.tsx')),
  screen('edit-membership-plan/:id', true, () => import('./routes/membership-plan-form.tsx')),
  screen('moderation', true, () => import('./routes/moderation.tsx')),
  screen('moderation/audit-log', true, () => import('./routes/audit-log.tsx')),
  screen('plan-requests', true, () => import('./routes/plan-requests.tsx')),
  screen('account', false, () => import('./routes/account.tsx')),
  screen('saved-searches', false, () => import('./routes/saved-searches.tsx')),
  screen('saved-searches/:id', false, () => import('./routes/saved-search-open.tsx')),
];

/** The admin sidebar, in order (docs/SCREENS.md, Admin area). */
export const SIDEBAR = [
  { to: '/dashboard', label: 'Dashboard', adminOnly: false },
  { to: '/users', label: 'Users', adminOnly: true },
  { to: '/add-edit-category', label: 'Category', adminOnly: true },
  { to: '/ads', label: 'Advertisements', adminOnly: false },
  { to: '/messages', label: 'Messages', adminOnly: false },
  { to: '/saved-searches', label: 'Saved Searches', adminOnly: false },
  { to: '/pages', label: 'Pages', adminOnly: true },
  { to: '/faqs', label: 'Faqs', adminOnly: true },
  { to: '/testimonials', label: 'Testimonials', adminOnly: true },
  { to: '/membership-plans', label: 'Membership Plans', adminOnly: true },
  { to: '/moderation', label: 'Moderation', adminOnly: true },
  { to: '/inbox', label: 'Inbox', adminOnly: true },
  { to: '/newsletter', label: 'Newsletter', adminOnly: true },
  { to: '/plan-requests', label: 'Plan Requests', adminOnly: true },
  { to: '/settings', label: 'Settings', adminOnly: true },
  { to: '/account', label: 'My Account', adminOnly: false },
] as const;
