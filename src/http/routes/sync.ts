import { z } from 'zod';
import { validationError } from '../../auth/tenants.js';
import type { SyncSettings } from '../../sync/store.js';
import { auditAdmin } from '../audit-admin.js';
import { requireApiKey } from '../auth.js';
import { envelopeOf, jsonSchemaOf } from '../doc-schemas.js';
import { envelope } from '../envelope.js';
import { route } from '../errors.js';
import type { CallerChecks, RouteContext } from '../route-context.js';
import type { RouteModule } from '../route-module.js';

const DEFAULT_INITIAL_WINDOW_DAYS = 30;

export const SyncSettingsBody = z
  .object({
    enabled: z.boolean().describe('Whether the background sync runs'),
    interval_minutes: z
      .number()
      .int('interval_minutes must be a whole number of minutes')
      .min(5, 'interval_minutes must be at least 5')
      .max(10_080, 'interval_minutes must be at most 10080 (a week)')
      .describe('Minutes between the starts of two runs'),
    systems: z
      .array(z.string().regex(/^[a-z_]{2,50}$/, 'systems must be system ids such as code_host'))
      .min(1, 'systems must name at least one system (leave it out for every system)')
      .max(50)
      .optional()
      .describe('Only these systems (every system the sync reads when absent)'),
    initial_window_days: z
      .number()
      .int()
      .min(1, 'initial_window_days must be at least 1')
      .max(3650, 'initial_window_days must be at most 3650')
      .default(DEFAULT_INITIAL_WINDOW_DAYS)
      .describe('How far back the first run of a system reads (days, default 30)'),
  })
  .strict();

/** A tenant's background sync (`/admin/tenants/{id}/sync`), behind the API key; every read and change is audited. */
export const syncRoutes: RouteModule<CallerChecks & Pick<RouteContext, 'tenants' | 'governance' | 'sync'>> = (
  routes,
  app,
) => {
  const apiKey = requireApiKey(app);
  const admin = { tag: 'admin', security: 'apiKey', path: '/admin/tenants/{id}/sync' } as const;

  routes.add(
    {
      ...admin,
      method: 'get',
      operationId: 'getTenantSync',
      summary: "A tenant's background sync settings",
      response: envelopeOf(),
    },
    apiKey,
    auditAdmin(app, 'getTenantSync'),
    route(async (req, res) => {
      const { id } = await app.tenants.get(String(req.params.id));
      res.json(
        envelope({
          tenant_id: id,
          sync: (await app.sync.settings(id)) ?? { enabled: false },
          connections: await app.sync.connections.list(id),
        }),
      );
    }),
  );

  routes.add(
    {
      ...admin,
      method: 'put',
      operationId: 'setTenantSync',
      summary: "Switch a tenant's background sync on or off, with its schedule",
      body: jsonSchemaOf(SyncSettingsBody),
      response: envelopeOf(),
    },
    apiKey,
    auditAdmin(app, 'setTenantSync'),
    route(async (req, res) => {
      const parsed = SyncSettingsBody.safeParse(req.body ?? {});
      if (!parsed.success) throw validationError(parsed.error);
      const { id } = await app.tenants.get(String(req.params.id));
      const settings: SyncSettings = await app.sync.configure(id, parsed.data);
      res.json(envelope({ tenant_id: id, sync: settings }));
    }),
  );

  const connection = {
    tag: 'admin',
    security: 'apiKey',
    path: '/admin/tenants/{id}/sync/connections/{integration}',
  } as const;

  routes.add(
    {
      ...connection,
      method: 'put',
      operationId: 'keepTenantConnection',
      summary: "Keep a tenant-wide system's credentials for the background sync (never shown again)",
      body: { type: 'object', description: "The integration's credentials, as a token's connections carry them" },
      response: envelopeOf(),
    },
    apiKey,
    auditAdmin(app, 'keepTenantConnection'),
    route(async (req, res) => {
      const { id } = await app.tenants.get(String(req.params.id));
      const integration = String(req.params.integration);
      await app.sync.connections.put(id, integration, req.body ?? {});
      res.json(envelope({ tenant_id: id, integration, kept: true }));
    }),
  );

  routes.add(
    {
      ...connection,
      method: 'delete',
      operationId: 'forgetTenantConnection',
      summary: "Forget a tenant-wide system's credentials kept for the background sync",
      response: envelopeOf(),
    },
    apiKey,
    auditAdmin(app, 'forgetTenantConnection'),
    route(async (req, res) => {
      const { id } = await app.tenants.get(String(req.params.id));
      const integration = String(req.params.integration);
      res.json(envelope({ tenant_id: id, integration, removed: await app.sync.connections.remove(id, integration) }));
    }),
  );
};
