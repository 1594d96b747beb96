import { type Browser, expect, test } from '@playwright/test';
import { signInAsAdmin } from './admin-helpers.ts';
import { postAdThroughApi, signUpThroughApi, verifyEmailThroughApi } from './api-setup.ts';
import { hydrated } from './page-helpers.ts';

/**
 * A buyer asks about an ad, the seller answers in the thread, the buyer leaves a review there
 * (stars from the radio group and a text), the seller answers the review, and the seller page
 * shows the rating, the review and the answer, also to search engines; a visitor reports the
 * review and a moderator removes it from the queue. At 1280 and 375 px.
 */

async function newContext(browser: Browser, width: number) {
  return browser.newContext({ viewport: { width, height: width < 500 ? 812 : 900 } });
}

for (const width of [1280, 375]) {
  test(`a buyer reviews the seller after a conversation, the seller answers, the seller page shows both (${width} px)`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const sellerContext = await newContext(browser, width);
    const buyerContext = await newContext(browser, width);
    const seller = await sellerContext.newPage();
    const buyer = await buyerContext.newPage();

    const sellerUser = await signUpThroughApi(seller, `Sofie Seller${width}`, 'review-seller');
    const ad = await postAdThroughApi(seller, `Walnut bookcase ${width}`);
    const buyerUser = await signUpThroughApi(buyer, `Nora Buyer${width}`, 'review-buyer');
    await verifyEmailThroughApi(buyer, buyerUser.email);
    const started = await buyer.request.post('/api/conversations', {
      data: { adId: ad.id, text: 'Hello, can I pick it up on Friday?' },
    });
    expect(started.status()).toBe(201);
    const conversationId = (await started.json()).conversation.id as number;
    const thread = `/admin/messages/${conversationId}`;

    // Before the seller has written, the thread offers no review.
    await buyer.goto(thread);
    await expect(buyer.getByTestId('message')).toHaveCount(1);
    await expect(buyer.getByRole('button', { name: 'Leave a review' })).toHaveCount(0);

    // The seller answers in the thread.
    await seller.goto(thread);
    await seller.getByRole('textbox', { name: `Message to ${buyerUser.name}` }).fill('Friday at 5 works.');
    await seller.getByRole('button', { name: 'Send' }).click();
    await expect(seller.getByTestId('message')).toHaveCount(2);

    // The buyer leaves a review: four stars by keyboard-reachable radios, and a text.
    await buyer.reload();
    await expect(buyer.getByTestId('message')).toHaveCount(2);
    await buyer.getByRole('button', { name: 'Leave a review' }).click();
    const stars = buyer.getByRole('group', { name: 'Your rating' });
    await expect(stars.getByRole('radio')).toHaveCount(5);
    await buyer.getByRole('button', { name: 'Publish review' }).click();
    await expect(buyer.getByText('Please choose from 1 to 5 stars.').first()).toBeVisible();
    await stars.getByRole('radio', { name: '4 stars' }).check();
    await buyer.getByLabel('Your review (optional)').fill('Solid bookcase, friendly hand-over.');
    await expect(stars.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await buyer.getByTestId('thread-review').screenshot({ path: test.info().outputPath(`review-form-${width}.png`) });
    await buyer.getByRole('button', { name: 'Publish review' }).click();
    await expect(buyer.getByText('Thank you for your review.')).toBeVisible();
    const panel = buyer.getByTestId('thread-review');
    await expect(panel.getByTestId('review')).toContainText('Solid bookcase, friendly hand-over.');
    await expect(panel.getByRole('img', { name: 'Rated 4 of 5' })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Edit review' })).toBeVisible();
    expect(await buyer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await buyer.screenshot({ path: test.info().outputPath(`thread-review-buyer-${width}.png`), fullPage: true });

    // The seller sees it in the thread and answers it once.
    await seller.reload();
    const sellerPanel = seller.getByTestId('thread-review');
    await expect(sellerPanel.getByTestId('review')).toContainText('Solid bookcase');
    await sellerPanel.getByRole('button', { name: 'Answer' }).click();
    await seller.getByLabel('Your answer').fill('Thanks Nora, enjoy the shelves!');
    await seller.getByRole('button', { name: 'Publish answer' }).click();
    await expect(seller.getByText('Your answer has been published.')).toBeVisible();
    await expect(sellerPanel.getByTestId('review-reply')).toContainText('Thanks Nora, enjoy the shelves!');
    await expect(sellerPanel.getByRole('button', { name: 'Answer' })).toHaveCount(0);
    await seller.screenshot({ path: test.info().outputPath(`thread-review-seller-${width}.png`), fullPage: true });

    // Anyone sees both on the seller page, and search engines get the rating and the review.
    const visitorContext = await newContext(browser, width);
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/seller/${sellerUser.id}`);
    const section = visitor.getByTestId('seller-reviews');
    await expect(section.getByTestId('seller-rating')).toContainText('4.0 out of 5 · 1 review');
    const item = section.getByTestId('review');
    await expect(item).toContainText('Nora');
    await expect(item).not.toContainText(`Buyer${width}`);
    await expect(item).toContainText('Solid bookcase, friendly hand-over.');
    await expect(item.getByTestId('review-reply')).toContainText('Thanks Nora, enjoy the shelves!');
    await hydrated(visitor, 'ReportReview');
    await expect(section.getByRole('button', { name: 'Report this review' })).toBeVisible();
    const ld = JSON.parse(
      (await visitor.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}',
    ) as { '@graph': { '@type': string; ratingValue?: number; itemReviewed?: { '@id': string } }[] };
    const types = ld['@graph'].map((n) => n['@type']);
    expect(types).toEqual(['Person', 'AggregateRating', 'Review']);
    expect(ld['@graph'][1]).toMatchObject({
      ratingValue: 4,
      ratingCount: 1,
      itemReviewed: { '@id': expect.stringContaining('#seller') },
    });
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await section.scrollIntoViewIfNeeded();
    await visitor.screenshot({ path: test.info().outputPath(`seller-page-reviews-${width}.png`), fullPage: true });

    // The ad page shows the seller's rating and the review too.
    await visitor.goto(`/add-details/${ad.slug}`);
    await expect(visitor.getByTestId('seller-reviews').getByTestId('seller-rating')).toContainText('4.0 out of 5');
    await visitor
      .getByTestId('seller-reviews')
      .screenshot({ path: test.info().outputPath(`ad-page-reviews-${width}.png`) });

    // A visitor reports the review; a moderator finds it under Reported reviews and removes it.
    await visitor.goto(`/seller/${sellerUser.id}`);
    await hydrated(visitor, 'ReportReview');
    await visitor.getByRole('button', { name: 'Report this review' }).click();
    const report = visitor.getByRole('dialog', { name: 'Report this review' });
    await report.getByRole('radio', { name: 'Offensive' }).check();
    await report.getByLabel('Details (optional)').fill(`Not about the bookcase ${width}`);
    await report.getByRole('button', { name: 'Send report' }).click();
    await expect(visitor.getByText('Thank you. Our team will look at this review.')).toBeVisible();
    await expect(visitor.getByTestId('reported')).toBeVisible();

    const adminContext = await newContext(browser, width);
    const moderator = await adminContext.newPage();
    await signInAsAdmin(moderator);
    await moderator.goto('/admin/moderation');
    const reported = moderator.getByTestId('reported-review').filter({ hasText: `Not about the bookcase ${width}` });
    await expect(reported).toContainText('Solid bookcase, friendly hand-over.');
    await expect(reported).toContainText(`Nora Buyer${width} about Sofie Seller${width}`);
    expect(await moderator.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await reported.screenshot({ path: test.info().outputPath(`moderation-reported-review-${width}.png`) });
    await reported.getByRole('button', { name: 'Remove review' }).click();
    await moderator.getByRole('dialog').getByRole('button', { name: 'Remove review' }).click();
    await expect(moderator.getByText('Review removed. It is no longer shown.')).toBeVisible();
    await expect(reported).toHaveCount(0);
    await visitor.goto(`/seller/${sellerUser.id}`);
    await expect(visitor.getByTestId('seller-reviews')).toContainText(`No reviews of Sofie Seller${width} yet.`);

    await Promise.all([sellerContext.close(), buyerContext.close(), visitorContext.close(), adminContext.close()]);
  });
}
