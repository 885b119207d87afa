/**
 * The operator's port (`METRICS_PORT`, off by default): `/healthz` says the process answers, `/readyz` that it can
 * do its work (gateway connected, database writable, job runner not stuck), `/metrics` the Prometheus metrics.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { metrics as defaultMetrics, type Metrics } from './metrics.js';

/** One readiness check: true when fine, else a short reason. */
export type Check = () => true | string | Promise<true | string>;

export interface OpsServer { server: Server; port: number; close(): Promise<void> }

export async function startOpsServer(opts: { port: number; host?: string; checks: Record<string, Check>; metrics?: Metrics }): Promise<OpsServer> {
  const m = opts.metrics ?? defaultMetrics;
  const server = createServer((req, res) => {
    const url = (req.url ?? '/').split('?')[0];
    const send = (status: number, body: string, type = 'text/plain; charset=utf-8') => { res.writeHead(status, { 'content-type': type }); res.end(body); };
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, 'method not allowed\n');
    if (url === '/healthz') return send(200, 'ok\n');
    if (url === '/readyz') {
      void (async () => {
        const results: Record<string, true | string> = {};
        for (const [name, check] of Object.entries(opts.checks)) {
          try { results[name] = await check(); } catch (err) { results[name] = String((err as Error)?.message ?? err); }
        }
        const ready = Object.values(results).every((r) => r === true);
        send(ready ? 200 : 503, JSON.stringify({ ready, checks: Object.fromEntries(Object.entries(results).map(([k, v]) => [k, v === true ? 'ok' : v])) }) + '\n', 'application/json');
      })();
      return;
    }
    if (url === '/metrics') {
      void m.registry.metrics().then((body) => send(200, body, m.registry.contentType), (err) => send(500, String(err)));
      return;
    }
    send(404, 'not found\n');
  });
  await new Promise<void>((resolve, reject) => { server.once('error', reject); server.listen(opts.port, opts.host ?? '0.0.0.0', () => resolve()); });
  return {
    server,
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
