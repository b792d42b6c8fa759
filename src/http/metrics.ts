import type { NextFunction, Request, Response } from 'express';
import type { Telemetry } from '../telemetry.js';
import type { Logger } from '../toolkit/context.js';

/** Records duration and count of every request, labelled by the route pattern (not the raw path). */
export function metricsMiddleware(telemetry: Telemetry, log: Logger) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const start = process.hrtime.bigint();
    res.on('finish', () => {
      // A listener's exception would escape into the process and stop it for every tenant.
      try {
        record();
      } catch (error) {
        log.warn('http metrics failed', { error: error instanceof Error ? error.message : String(error) });
      }
    });
    const record = (): void => {
      const routePath = (req.route as { path?: string } | undefined)?.path;
      const route = routePath ? `${req.baseUrl}${routePath}` : req.baseUrl || 'unmatched';
      const labels = { method: req.method, route, status: String(res.statusCode) };
      telemetry.observeHttp(labels, Number(process.hrtime.bigint() - start) / 1e9);
    };
    next();
  };
}
