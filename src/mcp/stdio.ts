import { Readable } from 'node:stream';
import { serveStdio as serveProtocolOverStdio, StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import type { TokenService } from '../auth/jwt.js';
import type { TenantService } from '../auth/tenants.js';
import type { Config } from '../config/config.js';
import type { Caller } from '../toolkit/context.js';
import { AppError } from '../toolkit/errors.js';
import type { McpContext } from './context.js';
import type { McpSurface } from './server.js';
import { withCurrentTenantState } from '../auth/current-caller.js';
import { environmentVariables, localCaller } from '../auth/local-user.js';
import { capYoungGeneration } from './young-generation.js';

/** What a stdio server uses to know who it acts for, besides the integrations and the log. */
export interface StdioContext extends Pick<McpContext, 'integrations' | 'log'> {
  config: Pick<Config, 'stdioToken' | 'demo'>;
  tokens: Pick<TokenService, 'verify'>;
  tenants: Pick<TenantService, 'ensure' | 'epochOf' | 'stateOf'>;
  /** Present in demo mode: the caller of a server started with no credentials. */
  demo?: { defaultCaller(): Caller };
}

/**
 * Who a stdio server acts for: the JWT in CONSTELLATION_TOKEN (verified on every call: expiry), the demo
 * user in demo mode, or the local user whose environment holds integration credentials.
 */
function stdioCallerOf(
  app: StdioContext,
  env: NodeJS.ProcessEnv,
  credentialVariables: readonly string[],
): () => Promise<Caller> {
  const token = app.config.stdioToken;
  // `verify` reads the token's tenant on every call and refuses one that no longer exists (or was created again).
  if (token) return () => app.tokens.verify(token);
  if (app.config.demo && app.demo) {
    const demo = app.demo.defaultCaller();
    return () => withCurrentTenantState(app.tenants, demo);
  }
  if (credentialVariables.some((name) => !!env[name])) {
    const local = localCaller(app.tenants, env);
    // Its failure is the first call's to report; until then it must not count as unhandled.
    local.catch(() => undefined);
    return async () => withCurrentTenantState(app.tenants, await local);
  }
  const variables = credentialVariables.join(', ');
  throw new AppError(
    'UNAUTHORIZED',
    `No credentials: set an integration's environment variables (${variables}), or CONSTELLATION_TOKEN to a JWT from POST /admin/token with CONSTELLATION_SERVER_URL (the server that issued it), or run with --demo`,
  );
}

export async function serveStdio(
  app: StdioContext,
  surface: McpSurface,
  env: NodeJS.ProcessEnv = process.env,
  /** Every integration's variables, also those of systems this server did not load (`--toolsets`). */
  credentialVariables: readonly string[] = environmentVariables(app.integrations),
): Promise<void> {
  const callerOf = stdioCallerOf(app, env, credentialVariables);
  await callerOf(); // fail fast on a bad token
  // The transport reads stdin through a stream that never ends: the SDK's own transport aborts calls
  // in flight when stdin ends, and a host closing stdin must still get the answers of calls it sent
  // (the shutdown that follows waits for them, as it does on SIGTERM). Chunks are handed on as they
  // come, not piped through a PassThrough: its writable side (buffering, callbacks, back-pressure
  // the transport never exerts, as it reads in flowing mode) cost every message a second stream pass.
  const input = new Readable({ read: () => undefined });
  process.stdin.on('data', (chunk: Buffer) => input.push(chunk));
  // The connection's opening picks the era: `initialize` pins a 2025-era instance, an envelope a modern one.
  serveProtocolOverStdio((ctx) => surface.createServer(callerOf, { era: ctx.era, outOfBand: false }), {
    transport: new StdioServerTransport(input, process.stdout),
    onerror: (error) => app.log.warn('mcp: stdio message failed', { error: error.message }),
  });
  const stopCapping = capYoungGeneration();
  await new Promise<void>((resolve) => {
    process.stdin.on('end', () => resolve());
    process.stdin.on('close', () => resolve());
    // A host that went away breaks the pipes (EPIPE writing, EIO or ECONNRESET reading): the same as closing stdin.
    const hostGone = (error: Error) => {
      app.log.warn('mcp: the host closed the stdio pipes', { error: error.message });
      resolve();
    };
    process.stdin.on('error', hostGone);
    process.stdout.on('error', hostGone);
  });
  stopCapping();
}
