import type { RouteModule } from '../../src/http/route-module.js';
import { addToolRoutes, type ToolRoute, type ToolRouteContext } from '../../src/http/tool-routes.js';
import { queryOf, resultSchema, tenantEnvelopeOf, unifiedFamily } from '../../src/integrations/apideck/rest.js';

const RESOURCES = [
  { plural: 'accounts', singular: 'account', Title: 'Account', note: 'Apideck companies' },
  { plural: 'contacts', singular: 'contact', Title: 'Contact', note: 'Apideck contacts' },
  { plural: 'leads', singular: 'lead', Title: 'Lead', note: 'Apideck leads' },
  { plural: 'opportunities', singular: 'opportunity', Title: 'Opportunity', note: 'Apideck opportunities' },
] as const;

/**
 * `/crm/{accounts,contacts,leads,opportunities}` (Document 2, crm): list (GET), create (POST, 201),
 * get (GET /{id}) and update (PUT /{id}), each one call of the crm tool of the same name, for the tenant
 * `X-Tenant-Id` names. Lists page as list tools do: `limit`, `cursor` (the previous `pagination.next_cursor`).
 */
export const crmRoutes: RouteModule<ToolRouteContext> = (routes, app) => {
  const list: ToolRoute[] = RESOURCES.flatMap(({ plural, singular, Title, note }) => {
    const record = resultSchema(app, `crm.get_${singular}`);
    const page = resultSchema(app, `crm.list_${plural}`);
    const one = tenantEnvelopeOf(record);
    return [
      {
        method: 'get',
        path: `/crm/${plural}`,
        operationId: `listCrm${plural[0].toUpperCase()}${plural.slice(1)}`,
        summary: `List ${plural} (${note}), paged by cursor`,
        tool: `crm.list_${plural}`,
        query: queryOf(app, `crm.list_${plural}`),
        response: tenantEnvelopeOf(page),
      },
      {
        method: 'post',
        path: `/crm/${plural}`,
        operationId: `createCrm${Title}`,
        summary: `Create a ${singular}`,
        tool: `crm.create_${singular}`,
        body: true,
        status: 201,
        response: one,
      },
      {
        method: 'get',
        path: `/crm/${plural}/{id}`,
        operationId: `getCrm${Title}`,
        summary: `One ${singular}`,
        tool: `crm.get_${singular}`,
        response: one,
      },
      {
        method: 'put',
        path: `/crm/${plural}/{id}`,
        operationId: `updateCrm${Title}`,
        summary: `Update a ${singular} (fields left out keep their values)`,
        tool: `crm.update_${singular}`,
        body: true,
        response: one,
      },
    ] satisfies ToolRoute[];
  });
  addToolRoutes(routes, app, unifiedFamily(app, 'crm'), list);
};
