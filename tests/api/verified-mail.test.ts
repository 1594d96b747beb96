import { beforeAll, describe, expect, it, vi } from 'vitest';
import { runQueuedJobs } from '../../api/jobs/workers.ts';
import { requestSavedSearchMatching } from '../../api/services/saved-searches/queue-matching.ts';
import { insertAd, insertCategory } from '../helpers/catalog-factory.ts';
import { call, makeUser } from '../helpers/client.ts';
import { mailsTo, readDecodedOutbox } from '../helpers/outbox.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

// Mail only to verified addresses: anyone could sign up with a victim's address and have the
// site mail them alerts and message notifications (with text a stranger chose). Such mail now
// waits, nothing is lost, and goes out once the owner proves the address is theirs.

type TUser = Awaited<ReturnType<typeof makeUser>>;
let dataDir = '';
let categoryId = 0;

beforeAll(async () => {
  ({ dataDir } = await setupTestDb());
  categoryId = (await insertCategory({ name: 'Waiting things', slug: 'waiting-things' }))!.id;
  vi.spyOn(console, 'info').mockImplementation(() => {});
});

const mailTo = async (who: TUser) => mailsTo(await readDecodedOutbox(dataDir), who.user.email);

/** Verifies `who`'s address through the mailed link, as its owner would. */
async function verify(who: TUser) {
  expect((await call('POST', '/resend-verification', { token: who.token })).status).toBe(202);
  await runQueuedJobs(undefined, { early: true });
  // The newest link (a resend replaces the earlier ones).
  const link = (await mailTo(who))
    .map((m) => /\/verify-email\?token=([a-z2-7]+)/.exec(m)?.[1])
    .filter(Boolean)
    .pop();
  expect(link, 'a verification mail').toBeTruthy();
  const verified = await call('POST', '/verify-email', { json: { token: link } });
  expect(verified.status, JSON.stringify(verified.data)).toBe(200);
  await runQueuedJobs(undefined, { early: true });
}

describe(`mail only to verified addresses on ${driver}`, () => {
  it('holds a saved search’s alert for an unverified owner and sends it once they verify', async () => {
    const owner = await makeUser({ name: 'Una Unverified', verified: false });
    expect(
      (await call('POST', '/saved-searches', { token: owner.token, json: { search: 'walnut', frequency: 'instant' } }))
        .status,
    ).toBe(201);
    const seller = await makeUser();
    await insertAd({ heading: 'Walnut side table', categoryId, userId: seller.user.id, price: 90 });
    await requestSavedSearchMatching();
    await runQueuedJobs(undefined, { early: true });
    expect((await mailTo(owner)).filter((m) => /Subject: .*walnut/i.test(m))).toEqual([]);

    await verify(owner);
    const alerts = (await mailTo(owner)).filter((m) => /Subject: 1 new ad for .*walnut/.test(m));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toContain('Walnut side table');
    // Sent once: later runs find nothing left.
    await requestSavedSearchMatching();
    await runQueuedJobs(undefined, { early: true });
    expect((await mailTo(owner)).filter((m) => /Subject: 1 new ad for .*walnut/.test(m))).toHaveLength(1);
  });

  it('holds new-message mail for an unverified seller and sends one per conversation once they verify', async () => {
    const seller = await makeUser({ name: 'Vic Unverified', verified: false });
    const buyer = await makeUser({ name: 'Bea Buyer' });
    const ad = (await insertAd({ heading: 'Cherry stool', categoryId, userId: seller.user.id, price: 40 }))!;
    const started = await call('POST', '/conversations', {
      token: buyer.token,
      json: { adId: ad.id, text: 'Still there?' },
    });
    expect(started.status).toBe(201);
    const id = started.data.conversation.id;
    await call('POST', `/conversations/${id}/messages`, { token: buyer.token, json: { text: 'I can come today.' } });
    await runQueuedJobs(undefined, { early: true });
    expect((await mailTo(seller)).filter((m) => /Subject: New message/.test(m))).toEqual([]);

    await verify(seller);
    const mails = (await mailTo(seller)).filter((m) => /Subject: New message about “Cherry stool”/.test(m));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('I can come today.');
    expect(mails[0]).toContain(`/admin/messages/${id}?from=mail`);
    // Nothing more until there is something new to say.
    await runQueuedJobs(undefined, { early: true });
    expect((await mailTo(seller)).filter((m) => /Subject: New message/.test(m))).toHaveLength(1);
  });
});
