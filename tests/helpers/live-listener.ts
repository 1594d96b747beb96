// A second server process for the live fan-out test (tests/api/conversations-live.test.ts):
// its own live hub on its own PostgreSQL connection (DATABASE_URL). It subscribes to the user
// ids in LIVE_USER_IDS and passes every notice it hears to its parent; a message
// { publish: notices } from the parent publishes them from this process.
import { closeDatabase } from '../../api/db/client.ts';
import { publish, subscribe, type TLiveNotice } from '../../api/services/messages/live-hub.ts';

const send = (m: unknown) => process.send?.(m);
const ids = (process.env.LIVE_USER_IDS ?? '').split(',').filter(Boolean).map(Number);
const offs = await Promise.all(ids.map((id) => subscribe(id, (notice) => send({ heard: notice }))));

process.on('message', (m: { publish?: TLiveNotice[] }) => {
  if (m.publish) void publish(m.publish);
});

async function stop() {
  for (const off of offs) off();
  await closeDatabase();
  process.exit(0);
}
process.once('SIGTERM', () => void stop());
process.once('disconnect', () => void stop());
send({ ready: true });
