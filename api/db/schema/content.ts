import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

import { PAGE_TEMPLATES } from '../../constants/pages.ts';

export { PAGE_TEMPLATES };

export const pages = pgTable(
  'pages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    template: text('template', { enum: PAGE_TEMPLATES }).notNull().default('default'),
    seokeyword: text('seokeyword').notNull().default(''),
    content: text('content').notNull().default(''),
    howwework: text('howwework').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pages_slug_key').on(t.slug),
    check('pages_template_check', sql`${t.template} IN ('default', 'home', 'aboutus', 'Faq', 'contact')`),
  ],
);

export const faqs = pgTable('faqs', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  question: text('question').notNull(),
  answer: text('answer').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const testimonials = pgTable('testimonials', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  designation: text('designation').notNull(),
  description: text('description').notNull().default(''),
  image: text('image'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const membershipPlans = pgTable('membership_plans', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  planName: text('plan_name').notNull(),
  /** Free text; 'NA' means the plan is free. */
  subscriptionType: text('subscription_type').notNull(),
  price: numeric('price', { precision: 12, scale: 2, mode: 'number' }),
  /** Whether members of this plan may mark their ads as featured (top of the home page). */
  includesFeatured: boolean('includes_featured').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type TSocialLink = { icon: string; url: string };

/** One row (id = 1) holding every site-wide setting (the admin Settings Options screen). */
export const siteSettings = pgTable(
  'site_settings',
  {
    id: integer('id').primaryKey().default(1),
    email: text('email').notNull().default(''),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    workingHours: text('working_hours').notNull().default(''),
    copyright: text('copyright').notNull().default(''),
    footerShortdescription: text('footer_shortdescription').notNull().default(''),
    logo: text('logo'),
    socialLinks: jsonb('social_links').$type<TSocialLink[]>().notNull().default([]),
    homepageleftsideads: text('homepageleftsideads').notNull().default(''),
    homepageleftsideadslink: text('homepageleftsideadslink').notNull().default(''),
    homepagetopheaderAds: text('homepagetopheader_ads').notNull().default(''),
    homepagetopheaderAdslink: text('homepagetopheader_adslink').notNull().default(''),
    adsdetailspageads: text('adsdetailspageads').notNull().default(''),
    adsdetailspageadslink: text('adsdetailspageadslink').notNull().default(''),
    footerads: text('footerads').notNull().default(''),
    footeradslink: text('footeradslink').notNull().default(''),
    freenumberads: integer('freenumberads').notNull().default(3),
    freenumberphotoAds: integer('freenumberphoto_ads').notNull().default(3),
    goldnumberads: integer('goldnumberads').notNull().default(10),
    goldnumberphotoAds: integer('goldnumberphoto_ads').notNull().default(6),
    platinumnumberads: integer('platinumnumberads').notNull().default(50),
    platinumnumberphotoAds: integer('platinumnumberphoto_ads').notNull().default(12),
    primaryColor: text('primary_color').notNull().default('#0f766e'),
    secondaryColor: text('secondary_color').notNull().default('#f59e0b'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('site_settings_single_row', sql`${t.id} = 1`)],
);
