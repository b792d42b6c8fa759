import express from 'express';
import { hostPolicy } from '../config/host-policy.js';
import type { FaultInjector, FaultSpec } from './faults.js';

export interface ControlApiGuard {
  /** The host the sandbox is bound to (allowed unless a wildcard address). */
  host?: string;
  /** Further host names the control API answers to (loopback always); `*` for any. */
  allowedHosts?: string[];
  /** Browser origins allowed besides those on an allowed host; `null` lets `Origin: null` through. */
  allowedOrigins?: string[];
}

/**
 * `/_sandbox` lets another process (a test driving the CLI) inject faults and read the request log over
 * HTTP. It changes how every upstream answers, so a web page must not reach it through DNS rebinding:
 * the Host and Origin are checked as the server checks its own (`Origin: null` is refused unless listed).
 */
export function controlApi(faults: FaultInjector, guard: ControlApiGuard = {}): express.Router {
  const refusal = hostPolicy({
    allowedHosts: guard.allowedHosts ?? [],
    allowedOrigins: guard.allowedOrigins ?? [],
    host: guard.host,
    originsSetting: 'the sandbox option controlApi.allowedOrigins',
  });
  const router = express.Router();
  router.use((req, res, next) => {
    const refused = refusal({ host: req.headers.host, origin: req.headers.origin });
    if (refused) {
      res.status(403).json({ message: refused });
      return;
    }
    next();
  });
  router.use(express.json());
  router.post('/faults', (req, res) => res.status(201).json({ id: faults.add(req.body as FaultSpec) }));
  router.delete('/faults', (_req, res) => {
    faults.clear();
    res.status(204).end();
  });
  router.get('/requests', (_req, res) => res.json({ requests: faults.log }));
  // Answers once a request to `path` has arrived, so that a test waits for it instead of polling the log.
  router.get('/requests/arrived', async (req, res) => {
    await faults.requested(String(req.query.path));
    res.json({ arrived: true });
  });
  router.delete('/requests', (_req, res) => {
    faults.clearLog();
    res.status(204).end();
  });
  return router;
}
