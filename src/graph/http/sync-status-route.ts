import { graphBodyOf } from '../../http/doc-schemas.js';
import type { Logging, RouteContext } from '../../http/route-context.js';
import type { Routes } from '../../http/route-module.js';
import { graphRoute } from './respond.js';

/** `GET /graph/sync/status`: the caller's tenant's background sync, per system (state, watermark, counts, failure). */
export function mountSyncStatusRoute(routes: Routes, app: Logging & Pick<RouteContext, 'sync'>): void {
  routes.add(
    {
      tag: 'graph',
      security: 'jwt',
      errors: 'graph',
      response: graphBodyOf(),
      method: 'get',
      path: '/sync/status',
      operationId: 'graphSyncStatus',
      summary: "The background sync of the caller's tenant, per system",
    },
    graphRoute(app, async (_req, caller) => ({ success: true, data: await app.sync.status(caller.tenantId) })),
  );
}
