import type { RouteModule } from '../route-module.js';

/** `GET /demo` (demo mode only): the sandbox URLs and ready-made tokens for a few users of each tenant. */
export const demoRoute: RouteModule = (router, app) => {
  router.get('/demo', async (_req, res) => {
    const demo = app.demo;
    if (!app.config.demo || !demo) {
      res.status(404).json({ success: false, error: { code: 'NOT_FOUND', message: 'Demo mode is off' } });
      return;
    }
    const users = await Promise.all(
      demo.users().map(async (user) => ({
        ...user,
        token: await app.tokens.issue({ ...user, connections: demo.connections(user.tenant_id), expires_in: 7 * 86_400 }),
      })),
    );
    const { sandbox } = demo;
    res.json({
      success: true,
      data: {
        sandbox: { url: sandbox.url, upstreams: Object.fromEntries(sandbox.prefixes.map((p) => [p.slice(1), sandbox.urlOf(p)])) },
        tenants: ['acme', 'globex'],
        users,
        default_user: users[0]?.user_email,
        hint: 'Send a token as X-JWT-Token (or Authorization: Bearer). Without one, requests act as the default user.',
      },
    });
  });
};
