import { TenantPolicyBody, parsePolicy } from '../../governance/policy/rules.js';
import { AppError } from '../../toolkit/errors.js';
import { auditAdmin } from '../audit-admin.js';
import { requireApiKey } from '../auth.js';
import { ANY_OBJECT, envelopeOf, jsonSchemaOf } from '../doc-schemas.js';
import { envelope } from '../envelope.js';
import { route } from '../errors.js';
import type { CallerChecks, RouteContext } from '../route-context.js';
import type { RouteModule } from '../route-module.js';

/** A tenant's governance policy (`/admin/tenants/{id}/policy`), behind the API key; every change is audited. */
export const policyRoutes: RouteModule<
  CallerChecks & Pick<RouteContext, 'tenants' | 'governance' | 'registry' | 'clock'>
> = (routes, app) => {
  const apiKey = requireApiKey(app);
  const admin = { tag: 'admin', security: 'apiKey', path: '/admin/tenants/{id}/policy' } as const;
  const { policies } = app.governance;
  // Every node reads the policy again on its next call of the tenant: its callers carry the new generation.
  const changed = async (tenantId: string) => {
    policies.forget(tenantId);
    await app.tenants.bumpCacheGeneration(tenantId);
  };

  routes.add(
    { ...admin, method: 'get', operationId: 'getTenantPolicy', summary: "A tenant's policy", response: envelopeOf() },
    apiKey,
    auditAdmin(app, 'getTenantPolicy'),
    route(async (req, res) => {
      const { id } = await app.tenants.get(String(req.params.id));
      res.json(envelope({ tenant_id: id, policy: (await policies.store.get(id)) ?? {} }));
    }),
  );

  routes.add(
    {
      ...admin,
      method: 'put',
      operationId: 'setTenantPolicy',
      summary: "Set a tenant's policy (tenant-wide rules and per-user overrides)",
      body: jsonSchemaOf(TenantPolicyBody),
      response: envelopeOf(ANY_OBJECT),
    },
    apiKey,
    auditAdmin(app, 'setTenantPolicy'),
    route(async (req, res) => {
      const policy = parsePolicy(req.body, app.registry);
      const { id } = await app.tenants.get(String(req.params.id));
      if (!(await policies.store.put(id, policy, app.clock.now())))
        throw new AppError('TENANT_NOT_FOUND', `Tenant not found: ${id}`);
      await changed(id);
      res.json(envelope({ tenant_id: id, policy }));
    }),
  );

  routes.add(
    {
      ...admin,
      method: 'delete',
      operationId: 'resetTenantPolicy',
      summary: "Reset a tenant's policy to the defaults",
      response: envelopeOf(ANY_OBJECT),
    },
    apiKey,
    auditAdmin(app, 'resetTenantPolicy'),
    route(async (req, res) => {
      const { id } = await app.tenants.get(String(req.params.id));
      const removed = await policies.store.reset(id);
      await changed(id);
      res.json(envelope({ tenant_id: id, policy: {}, reset: removed }));
    }),
  );
};
