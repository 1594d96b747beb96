// /metrics on METRICS_PORT under WEB_CONCURRENCY (scripts/start.mjs): the primary process
// listens and answers with every worker's metrics added up (prom-client's AggregatorRegistry
// asks each worker's registry over the cluster's IPC channel), so one scrape sees the whole
// server, not whichever worker the OS picked.
import http from 'node:http';
import { AggregatorRegistry } from 'prom-client';

/** Starts the primary's metrics listener on `port`/`host`; returns the server, to close. */
export async function startClusterMetrics({ port, host }) {
  const { metricsAccess, METRICS_TOKEN_NEEDED } = await import('../../api/lib/metrics-access.ts');
  const registry = new AggregatorRegistry();
  const json = (res, status, message, headers = {}) => {
    res.writeHead(status, {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      ...headers,
    });
    res.end(JSON.stringify({ success: false, error: message, message }));
  };
  const server = http.createServer(async (req, res) => {
    const pathname = (req.url ?? '/').split('?')[0];
    if (pathname !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) return json(res, 404, 'Not found.');
    if (metricsAccess(req.headers.authorization, 'metrics-port') !== 'allowed') {
      return json(res, 401, METRICS_TOKEN_NEEDED, { 'WWW-Authenticate': 'Bearer' });
    }
    try {
      const text = await registry.clusterMetrics();
      res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : text);
    } catch (err) {
      console.error('[metrics] the workers did not answer', err);
      json(res, 503, 'The workers’ metrics could not be read. Please try again.');
    }
  });
  server.listen({ port, host }, () => console.log(`Metrics of all workers at http://${host}:${port}/metrics`));
  return server;
}
