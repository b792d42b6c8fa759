import { z } from 'zod';
import { TokenRequest } from '../../auth/token-schemas.js';
import { TenantCreate, TenantUpdate, validationError } from '../../auth/tenants.js';
import { checkTokenConnections } from '../../auth/token-connections.js';
import { AppError } from '../../toolkit/errors.js';
import { auditAdmin } from '../audit-admin.js';
import { callerOf, requireApiKey, requireCaller } from '../auth.js';
import { ANY_OBJECT, envelopeOf, jsonSchemaOf } from '../doc-schemas.js';
import { envelope } from '../envelope.js';
import { route } from '../errors.js';
import type { CallerChecks, RouteContext } from '../route-context.js';
import type { RouteModule } from '../route-module.js';

const ConnectionType = z
  .string()
  .regex(/^[a-z_]{2,50}$/, 'connection_type must be an integration id such as code_host');
const ContextOwner = z.string().min(1, 'user_id must not be empty').max(254, 'user_id must be at most 254 characters');

const MESSAGE = {
  type: 'object',
  properties: { success: { const: true }, message: { type: 'string' } },
  required: ['success', 'message'],
};
const TENANT = envelopeOf(ANY_OBJECT);

/** Tenants, tokens and the connection cache (`/admin/...`), behind the API key. */
export const adminRoutes: RouteModule<
  CallerChecks & Pick<RouteContext, 'tenants' | 'tokens' | 'connections' | 'integrations' | 'services' | 'governance'>
> = (routes, app) => {
  const apiKey = requireApiKey(app);
  const audited = (operationId: string) => [apiKey, auditAdmin(app, operationId)];
  const admin = { tag: 'admin', security: 'apiKey' } as const;

  routes.add(
    {
      ...admin,
      method: 'get',
      path: '/admin/tenants',
      operationId: 'listTenants',
      summary: 'List tenants',
      response: envelopeOf({
        type: 'object',
        properties: { tenants: { type: 'array', items: ANY_OBJECT }, count: { type: 'integer' } },
      }),
    },
    ...audited('listTenants'),
    route(async (_req, res) => {
      const tenants = await app.tenants.list();
      res.json(envelope({ tenants, count: tenants.length }));
    }),
  );

  routes.add(
    {
      ...admin,
      method: 'get',
      path: '/admin/tenants/{id}',
      operationId: 'getTenant',
      summary: 'Get a tenant',
      response: TENANT,
    },
    ...audited('getTenant'),
    route(async (req, res) => {
      res.json(envelope(await app.tenants.get(String(req.params.id))));
    }),
  );

  routes.add(
    {
      ...admin,
      method: 'post',
      path: '/admin/tenants',
      operationId: 'createTenant',
      summary: 'Create a tenant',
      body: jsonSchemaOf(TenantCreate),
      status: 201,
      response: TENANT,
    },
    ...audited('createTenant'),
    route(async (req, res) => {
      res.status(201).json(envelope(await app.tenants.create(req.body)));
    }),
  );

  routes.add(
    {
      ...admin,
      method: 'put',
      path: '/admin/tenants/{id}',
      operationId: 'updateTenant',
      summary: 'Update a tenant',
      body: jsonSchemaOf(TenantUpdate),
      response: TENANT,
    },
    ...audited('updateTenant'),
    route(async (req, res) => {
      res.json(envelope(await app.tenants.update(String(req.params.id), req.body)));
    }),
  );

  routes.add(
    {
      ...admin,
      method: 'delete',
      path: '/admin/tenants/{id}',
      operationId: 'deleteTenant',
      summary: 'Delete a tenant and all its data',
      response: MESSAGE,
    },
    ...audited('deleteTenant'),
    route(async (req, res) => {
      const id = String(req.params.id);
      await app.tenants.remove(id);
      res.json({ success: true, message: `Tenant ${id} and all its data deleted` });
    }),
  );

  // Contexts are personal: users read and delete their own. The administrator may only purge them
  // (one user's, or the whole tenant's), never read them.
  routes.add(
    {
      ...admin,
      method: 'delete',
      path: '/admin/tenants/{id}/contexts',
      operationId: 'purgeTenantContexts',
      summary: "Purge the contexts of a tenant's users",
      query: [{ name: 'user_id', schema: jsonSchemaOf(ContextOwner), description: "Only this user's contexts" }],
      response: MESSAGE,
    },
    ...audited('purgeTenantContexts'),
    route(async (req, res) => {
      const id = (await app.tenants.get(String(req.params.id))).id;
      let userId: string | undefined;
      if (req.query.user_id !== undefined) {
        const parsed = ContextOwner.safeParse(req.query.user_id);
        if (!parsed.success) throw validationError(parsed.error);
        userId = parsed.data;
      }
      const graph = app.services.graph;
      if (!graph) throw new AppError('NOT_CONFIGURED', 'The knowledge graph is not available on this server');
      const removed = await graph.contexts.removeAll(id, userId);
      res.json({
        success: true,
        message: `Removed ${removed} context(s) of ${userId ?? 'every user'} in tenant ${id}`,
        removed,
      });
    }),
  );

  // Issuing a token needs the API key: a token carries integration credentials and a tenant identity.
  routes.add(
    {
      ...admin,
      method: 'post',
      path: '/admin/token',
      operationId: 'issueToken',
      summary: 'Issue a JWT (HS256) for a tenant user',
      body: jsonSchemaOf(TokenRequest),
      response: { type: 'object', properties: { token: { type: 'string' } }, required: ['token'] },
    },
    ...audited('issueToken'),
    route(async (req, res) => {
      const parsed = TokenRequest.safeParse(req.body ?? {});
      if (!parsed.success) throw validationError(parsed.error);
      checkTokenConnections(parsed.data.connections, app.integrations);
      // The token is bound to the tenant's current epoch; TENANT_NOT_FOUND when there is no such tenant.
      res.json({ token: await app.tokens.issue(parsed.data) });
    }),
  );

  const withCaller = { ...admin, security: 'apiKey+jwt' } as const;
  routes.add(
    {
      ...withCaller,
      method: 'get',
      path: '/admin/connections/stats',
      operationId: 'getConnectionStats',
      summary: "Cached connections of the token's tenant",
      response: envelopeOf(),
    },
    ...audited('getConnectionStats'),
    requireCaller(app),
    (_req, res) => {
      res.json(envelope(app.connections.stats(callerOf(res).tenantId)));
    },
  );

  routes.add(
    {
      ...withCaller,
      method: 'delete',
      path: '/admin/connections',
      operationId: 'clearConnections',
      summary: "Drop the token's tenant's cached connections",
      query: [
        {
          name: 'connection_type',
          schema: jsonSchemaOf(ConnectionType),
          description: 'Only this integration (all when omitted)',
        },
      ],
      response: MESSAGE,
    },
    ...audited('clearConnections'),
    requireCaller(app),
    route((req, res) => {
      const caller = callerOf(res);
      const raw = req.query.connection_type;
      let type: string | undefined;
      if (raw !== undefined) {
        const parsed = ConnectionType.safeParse(raw);
        if (!parsed.success) throw validationError(parsed.error);
        type = parsed.data;
      }
      const removed = app.connections.clear(caller.tenantId, type);
      res.json({
        success: true,
        message: `Removed ${removed} cached connection(s) of tenant ${caller.tenantId}`,
        connection_type: type ?? 'all',
      });
    }),
  );
};
