import { asc, eq, inArray, or } from 'drizzle-orm';
import type { TSessionUser } from '../../context.ts';
import { db } from '../../db/client.ts';
import {
  ads,
  conversations,
  messages,
  planRequests,
  reviews,
  savedSearches,
  wishlistItems,
} from '../../db/schema/index.ts';
import { uploadUrl } from '../../lib/image-urls.ts';
import { toPlanRequestView } from '../plan-requests/plan-request-view.ts';
import { reviewView, selectReviews } from '../reviews/review-view.ts';
import { getAccount } from './get-account.ts';

/**
 * "Download my data" (GDPR access): everything the site keeps about the caller, as JSON —
 * profile, ads, conversations with their messages, reviews written and received, wishlist,
 * plan requests and saved searches
 * (without their unsubscribe secrets). Only rows that are the caller's: another user's ads appear
 * only as the heading of a wishlist entry or a conversation's ad.
 */
export async function exportMyData({ user }: { user: TSessionUser }) {
  const [profile, myAds, wishlist, myConversations, requests, mySearches, written, received] = await Promise.all([
    getAccount({ user }),
    db().select().from(ads).where(eq(ads.userId, user.id)).orderBy(asc(ads.id)),
    db()
      .select({ adId: wishlistItems.adId, heading: ads.heading, slug: ads.slug, savedAt: wishlistItems.createdAt })
      .from(wishlistItems)
      .innerJoin(ads, eq(ads.id, wishlistItems.adId))
      .where(eq(wishlistItems.userId, user.id))
      .orderBy(asc(wishlistItems.id)),
    db()
      .select({
        id: conversations.id,
        adId: conversations.adId,
        adHeading: conversations.adHeading,
        buyerId: conversations.buyerId,
        createdAt: conversations.createdAt,
      })
      .from(conversations)
      .where(or(eq(conversations.buyerId, user.id), eq(conversations.sellerId, user.id)))
      .orderBy(asc(conversations.id)),
    db().select().from(planRequests).where(eq(planRequests.userId, user.id)).orderBy(asc(planRequests.id)),
    db()
      .select({
        id: savedSearches.id,
        name: savedSearches.name,
        search: savedSearches.search,
        categoryId: savedSearches.categoryId,
        minPrice: savedSearches.minPrice,
        maxPrice: savedSearches.maxPrice,
        sort: savedSearches.sort,
        frequency: savedSearches.frequency,
        createdAt: savedSearches.createdAt,
      })
      .from(savedSearches)
      .where(eq(savedSearches.userId, user.id))
      .orderBy(asc(savedSearches.id)),
    // Removed ones too: they are still kept about the caller.
    selectReviews(db(), eq(reviews.buyerId, user.id)).orderBy(asc(reviews.id)),
    selectReviews(db(), eq(reviews.sellerId, user.id)).orderBy(asc(reviews.id)),
  ]);
  const ids = myConversations.map((c) => c.id);
  const allMessages = ids.length
    ? await db()
        .select({
          conversationId: messages.conversationId,
          senderId: messages.senderId,
          text: messages.text,
          createdAt: messages.createdAt,
        })
        .from(messages)
        .where(inArray(messages.conversationId, ids))
        .orderBy(asc(messages.id))
    : [];
  return {
    exportedAt: new Date().toISOString(),
    profile,
    ads: myAds.map((ad) => ({
      id: ad.id,
      slug: ad.slug,
      heading: ad.heading,
      description: ad.description,
      price: ad.price,
      categoryId: ad.categoryId,
      location: ad.location,
      rating: ad.rating,
      features: safeJson(ad.features),
      featured: ad.makeAsFeatured === 'Y',
      status: ad.status,
      image: ad.image ? uploadUrl(ad.image) : null,
      gallery: ad.galleryImages.map((name) => uploadUrl(name)),
      createdAt: ad.createdAt.toISOString(),
      updatedAt: ad.updatedAt.toISOString(),
      publishedAt: ad.publishedAt.toISOString(),
      expiresAt: ad.expiresAt.toISOString(),
    })),
    conversations: myConversations.map((c) => ({
      id: c.id,
      adId: c.adId,
      adHeading: c.adHeading,
      role: c.buyerId === user.id ? 'buyer' : 'seller',
      startedAt: c.createdAt.toISOString(),
      messages: allMessages
        .filter((m) => m.conversationId === c.id)
        .map((m) => ({ fromMe: m.senderId === user.id, text: m.text, sentAt: m.createdAt.toISOString() })),
    })),
    wishlist: wishlist.map((w) => ({ ...w, savedAt: w.savedAt.toISOString() })),
    planRequests: requests.map(toPlanRequestView),
    savedSearches: mySearches.map((q) => ({ ...q, createdAt: q.createdAt.toISOString() })),
    reviews: { written: written.map(reviewView), received: received.map(reviewView) },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
