import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { App } from '../app.js';
import type { Caller } from '../toolkit/context.js';
import { AppError } from '../toolkit/errors.js';
import type { McpSurface } from './server.js';

/**
 * The caller of a stdio server: the JWT in CONSTELLATION_TOKEN, or the demo user in demo mode.
 * The token is verified once at start-up, so a bad token fails fast with a clear message.
 */
async function stdioCaller(app: App): Promise<Caller> {
  if (app.config.stdioToken) {
    const caller = await app.tokens.verify(app.config.stdioToken);
    if (!app.tenants.exists(caller.tenantId)) throw new AppError('UNAUTHORIZED', `Tenant of CONSTELLATION_TOKEN does not exist: ${caller.tenantId}`);
    return caller;
  }
  if (app.config.demo && app.demo) return app.demo.defaultCaller();
  throw new AppError('UNAUTHORIZED', 'Set CONSTELLATION_TOKEN to a JWT from POST /admin/token, or run with --demo');
}

export async function serveStdio(app: App, surface: McpSurface): Promise<void> {
  await stdioCaller(app); // fail fast on a bad token; each call verifies it again (expiry)
  const server = surface.createServer(() => stdioCaller(app));
  const transport = new StdioServerTransport();
  await server.connect(transport);
  await new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    process.stdin.on('end', () => resolve());
  });
}
