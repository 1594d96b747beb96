import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  DEFAULT_FRAUD_HOLD_SCORE,
  DEFAULT_FRAUD_WEIGHTS,
  DEFAULT_SCAM_PHRASES,
  type TFraudWeights,
} from '../../constants/fraud.ts';
import { PAGE_TEMPLATES } from '../../constants/pages.ts';
import { PLAN_REQUEST_STATES } from '../../constants/plan-requests.ts';
import { SUBSCRIPTIONS } from '../../constants/users.ts';
import { users } from './users.ts';

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
    /** Linked from the footer of every public page (a published page at /<slug>). */
    showInFooter: boolean('show_in_footer').notNull().default(false),
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
  /** Days an ad of this plan's members stays up before it expires (renewing starts a new period). */
  expiryDays: integer('expiry_days').notNull().default(30),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A user's request to move to a paid plan (the Membership page's form); an admin approves or
 * declines it. At most one request per user is pending (the partial unique index): a new one
 * replaces it ('replaced'). `subscription` is the users.subscription value approval sets.
 */
export const planRequests = pgTable(
  'plan_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: integer('plan_id').references(() => membershipPlans.id, { onDelete: 'set null' }),
    /** The plan's name when asked, kept if the plan is renamed or deleted. */
    planName: text('plan_name').notNull(),
    subscription: text('subscription', { enum: SUBSCRIPTIONS }).notNull(),
    telephone: text('telephone').notNull().default(''),
    businessName: text('business_name').notNull().default(''),
    note: text('note').notNull().default(''),
    status: text('status', { enum: PLAN_REQUEST_STATES }).notNull().default('pending'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('plan_requests_one_pending_key').on(t.userId).where(sql`${t.status} = 'pending'`),
    index('plan_requests_status_created_idx').on(t.status, t.createdAt),
    check('plan_requests_status_check', sql`${t.status} IN ('pending', 'approved', 'declined', 'replaced')`),
    check('plan_requests_subscription_check', sql`${t.subscription} IN ('free', 'gold', 'platinum')`),
  ],
);

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
    /** Distinct open reports that send an ad to review (pending). */
    reportThreshold: integer('report_threshold').notNull().default(3),
    /** A report counts toward that hold only from a verified account at least this many hours old. */
    reportMinAccountAgeHours: integer('report_min_account_age_hours').notNull().default(72),
    /** Words or phrases, one per line or comma-separated, that send an ad to review. */
    bannedWords: text('banned_words').notNull().default(''),
    /** A new account's first this many ads wait for review; 0 turns pre-moderation off. */
    premoderateFirstAds: integer('premoderate_first_ads').notNull().default(0),
    /** Posting an ad needs a verified email address. */
    requireVerifiedToPost: boolean('require_verified_to_post').notNull().default(false),
    /** Phrases of scams, one per line or comma-separated: each found adds a fraud signal. */
    scamPhrases: text('scam_phrases').notNull().default(DEFAULT_SCAM_PHRASES),
    /** What each fraud signal adds to an ad's score (api/constants/fraud.ts). */
    fraudWeights: jsonb('fraud_weights').$type<TFraudWeights>().notNull().default(DEFAULT_FRAUD_WEIGHTS),
    /** An ad whose open fraud signals reach this score waits for review; 0 never holds. */
    fraudHoldScore: integer('fraud_hold_score').notNull().default(DEFAULT_FRAUD_HOLD_SCORE),
    primaryColor: text('primary_color').notNull().default('#0f766e'),
    secondaryColor: text('secondary_color').notNull().default('#f59e0b'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('site_settings_single_row', sql`${t.id} = 1`)],
);
