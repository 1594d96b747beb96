// /metrics on METRICS_PORT under WEB_CONCURRENCY (server/cluster.ts): the primary process
// listens and answers with every worker's metrics added up (prom-client's AggregatorRegistry
// asks each worker's registry over the cluster's IPC channel), so one scrape sees the whole
// server, not whichever worker the OS picked.
import { AggregatorRegistry } from 'prom-client';
import { METRICS_TOKEN_NEEDED, metricsAccess } from '../api/lib/metrics-access.ts';
import { startMetricsListener, type TMetricsAnswer } from './request-observer.ts';

/** Starts the primary's metrics listener on `port`/`host`; returns the server, to close. */
export function startClusterMetrics({ port, host }: { port: number; host: string }) {
  const registry = new AggregatorRegistry();
  const noStore = { 'Cache-Control': 'no-store' };
  const answer = async (authorization: string | undefined): Promise<TMetricsAnswer> => {
    if (metricsAccess(authorization, 'metrics-port') !== 'allowed') {
      const headers = { ...noStore, 'Content-Type': 'application/json; charset=utf-8', 'WWW-Authenticate': 'Bearer' };
      const message = METRICS_TOKEN_NEEDED;
      return { status: 401, headers, body: JSON.stringify({ success: false, error: message, message }) };
    }
    // Rejects when a worker does not answer in time: the listener answers 503.
    const body = await registry.clusterMetrics();
    return { status: 200, headers: { ...noStore, 'Content-Type': registry.contentType }, body };
  };
  return startMetricsListener({ port, host, answer, what: 'Metrics of all workers' });
}
