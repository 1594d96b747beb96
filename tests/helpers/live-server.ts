// A second server process for the live-channel tests (tests/api/conversations-live-*.test.ts):
// the real app on its own loopback port and its own PostgreSQL connection (DATABASE_URL, which
// may go through a fault relay), with its own live hub. It tells its parent { origin } once
// it listens, and { streams } (its open stream count) when asked with { count: true }.
import { closeDatabase } from '../../api/db/client.ts';
import { openStreamCount } from '../../api/services/messages/live-streams.ts';
import { serveApp } from './serve-app.ts';

const served = await serveApp();

process.on('message', (m: { count?: boolean }) => {
  if (m.count) process.send?.({ streams: openStreamCount() });
});

async function stop() {
  await served.close();
  await closeDatabase();
  process.exit(0);
}
process.once('SIGTERM', () => void stop());
process.once('disconnect', () => void stop());
process.send?.({ origin: served.origin });
