import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { App } from '../app.js';
import type { Caller } from '../toolkit/context.js';
import { AppError } from '../toolkit/errors.js';
import type { McpSurface } from './server.js';
import { environmentVariables, hasEnvironmentCredentials, localCaller } from '../auth/local-user.js';

/**
 * Who a stdio server acts for: the JWT in CONSTELLATION_TOKEN (verified on every call: expiry), the demo
 * user in demo mode, or the local user whose environment holds integration credentials.
 */
function stdioCallerOf(app: App, env: NodeJS.ProcessEnv): () => Promise<Caller> {
  const token = app.config.stdioToken;
  if (token) {
    return async () => {
      const caller = await app.tokens.verify(token);
      if (!app.tenants.exists(caller.tenantId)) throw new AppError('UNAUTHORIZED', `Tenant of CONSTELLATION_TOKEN does not exist: ${caller.tenantId}`);
      return caller;
    };
  }
  if (app.config.demo && app.demo) {
    const demo = app.demo.defaultCaller();
    return () => Promise.resolve(demo);
  }
  if (hasEnvironmentCredentials(app.integrations, env)) {
    const local = localCaller(app, env);
    return () => Promise.resolve(local);
  }
  const variables = environmentVariables(app.integrations).join(', ');
  throw new AppError(
    'UNAUTHORIZED',
    `No credentials: set an integration's environment variables (${variables}), or CONSTELLATION_TOKEN to a JWT from POST /admin/token, or run with --demo`,
  );
}

export async function serveStdio(app: App, surface: McpSurface, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const callerOf = stdioCallerOf(app, env);
  await callerOf(); // fail fast on a bad token
  const server = surface.createServer(callerOf);
  const transport = new StdioServerTransport();
  await server.connect(transport);
  await new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    process.stdin.on('end', () => resolve());
  });
}
