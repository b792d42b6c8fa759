import { sendError } from '../../../src/http/errors.js';
import type { RouteModule } from '../../../src/http/route-module.js';
import { addToolRoutes, type ToolRouteFamily } from '../../../src/http/tool-routes.js';

/** How the status page's family answers: `{success, data}`, failures in the platform's envelope. */
const statusPageFamily: ToolRouteFamily = {
  tag: 'status_page',
  respond: (data, res) => void res.json({ success: true, data }),
  refuse: (app, res, error) => sendError(res, error, { log: app.log }),
  errors: 'envelope',
};

/** `/status_page/*`: the system's REST family, each route one read of its tools. */
export const statusPageRoutes: RouteModule = (routes, app) =>
  addToolRoutes(routes, app, statusPageFamily, [
    {
      method: 'get',
      path: '/status_page/incidents',
      operationId: 'listStatusPageIncidents',
      summary: 'Incidents, newest first',
      tool: 'status_page.get_incidents',
      data: (result) => result.incidents,
    },
    {
      method: 'get',
      path: '/status_page/components',
      operationId: 'listStatusPageComponents',
      summary: 'Components and their status',
      tool: 'status_page.get_components',
      data: (result) => result.components,
    },
  ]);
