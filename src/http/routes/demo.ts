import { AppError } from '../../toolkit/errors.js';
import { envelopeOf } from '../doc-schemas.js';
import { sendError } from '../errors.js';
import type { RouteContext } from '../route-context.js';
import type { RouteModule } from '../route-module.js';

/** `GET /demo` (demo mode only): the sandbox URLs and ready-made tokens for a few users of each tenant. */
export const demoRoute: RouteModule<Pick<RouteContext, 'config' | 'tokens' | 'demo'>> = (routes, app) => {
  const operation = {
    method: 'get',
    path: '/demo',
    operationId: 'getDemo',
    summary: 'Demo mode: sandbox URLs and ready-made tokens',
    tag: 'demo',
    security: 'none',
    response: envelopeOf(),
  } as const;
  routes.add(operation, async (_req, res) => {
    const demo = app.demo;
    if (!app.config.demo || !demo) {
      return sendError(res, new AppError('NOT_FOUND', 'Demo mode is off'));
    }
    const users = await Promise.all(
      demo.users().map(async (user) => ({
        ...user,
        token: await app.tokens.issue({
          ...user,
          connections: demo.connections(user.tenant_id),
          expires_in: 7 * 86_400,
        }),
      })),
    );
    const { sandbox } = demo;
    res.json({
      success: true,
      data: {
        sandbox: {
          url: sandbox.url,
          upstreams: Object.fromEntries(sandbox.prefixes.map((p) => [p.slice(1), sandbox.urlOf(p)])),
        },
        tenants: ['acme', 'globex'],
        users,
        default_user: users[0]?.user_email,
        hint: 'Send a token as X-JWT-Token (or Authorization: Bearer). Without one, requests act as the default user.',
      },
    });
  });
};
