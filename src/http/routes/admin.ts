import { z } from 'zod';
import { TokenRequest } from '../../auth/jwt.js';
import { validationError } from '../../auth/tenants.js';
import { AppError } from '../../toolkit/errors.js';
import { callerOf, requireApiKey, requireCaller } from '../auth.js';
import { envelope } from '../envelope.js';
import { route } from '../errors.js';
import type { RouteModule } from '../route-module.js';

const ConnectionType = z.string().regex(/^[a-z_]{2,50}$/, 'connection_type must be an integration id such as code_host');
const ContextOwner = z.string().min(1, 'user_id must not be empty').max(254, 'user_id must be at most 254 characters');

/** Tenants, tokens and the connection cache (`/admin/...`), behind the API key. */
export const adminRoutes: RouteModule = (router, app) => {
  const apiKey = requireApiKey(app);

  router.get('/admin/tenants', apiKey, (_req, res) => {
    const tenants = app.tenants.list();
    res.json(envelope({ tenants, count: tenants.length }));
  });

  router.get('/admin/tenants/:id', apiKey, route((req, res) => {
    res.json(envelope(app.tenants.get(String(req.params.id))));
  }));

  router.post('/admin/tenants', apiKey, route((req, res) => {
    res.status(201).json(envelope(app.tenants.create(req.body)));
  }));

  router.put('/admin/tenants/:id', apiKey, route((req, res) => {
    res.json(envelope(app.tenants.update(String(req.params.id), req.body)));
  }));

  router.delete('/admin/tenants/:id', apiKey, route((req, res) => {
    const id = String(req.params.id);
    app.tenants.remove(id);
    res.json({ success: true, message: `Tenant ${id} and all its data deleted` });
  }));

  // Contexts are personal: users read and delete their own. The administrator may only purge them
  // (one user's, or the whole tenant's), never read them.
  router.delete('/admin/tenants/:id/contexts', apiKey, route((req, res) => {
    const id = app.tenants.get(String(req.params.id)).id;
    let userId: string | undefined;
    if (req.query.user_id !== undefined) {
      const parsed = ContextOwner.safeParse(req.query.user_id);
      if (!parsed.success) throw validationError(parsed.error);
      userId = parsed.data;
    }
    const graph = app.services.graph;
    if (!graph) throw new AppError('NOT_CONFIGURED', 'The knowledge graph is not available on this server');
    const removed = graph.contexts.removeAll(id, userId);
    res.json({ success: true, message: `Removed ${removed} context(s) of ${userId ?? 'every user'} in tenant ${id}`, removed });
  }));

  // Issuing a token needs the API key: a token carries integration credentials and a tenant identity.
  router.post('/admin/token', apiKey, route(async (req, res) => {
    const parsed = TokenRequest.safeParse(req.body ?? {});
    if (!parsed.success) throw validationError(parsed.error);
    // The token is bound to the tenant's current epoch; TENANT_NOT_FOUND when there is no such tenant.
    res.json({ token: await app.tokens.issue(parsed.data) });
  }));

  router.get('/admin/connections/stats', apiKey, requireCaller(app), (_req, res) => {
    res.json(envelope(app.connections.stats(callerOf(res).tenantId)));
  });

  router.delete('/admin/connections', apiKey, requireCaller(app), route((req, res) => {
    const caller = callerOf(res);
    const raw = req.query.connection_type;
    let type: string | undefined;
    if (raw !== undefined) {
      const parsed = ConnectionType.safeParse(raw);
      if (!parsed.success) throw validationError(parsed.error);
      type = parsed.data;
    }
    const removed = app.connections.clear(caller.tenantId, type);
    res.json({ success: true, message: `Removed ${removed} cached connection(s) of tenant ${caller.tenantId}`, connection_type: type ?? 'all' });
  }));
};
