import type { Request } from 'express';
import { serverSelectionOf } from '../mcp/exposure.js';
import type { ToolDefinition } from '../toolkit/define-tool.js';
import { tokenOf, verifiedCaller } from './auth.js';
import type { CallerChecks, RouteContext } from './route-context.js';

export type ToolFilter = (tool: ToolDefinition) => boolean;

/**
 * Which tools a REST listing may show for a request: those the server's settings expose (as MCP lists
 * them), and, when the request carries a token, only those its tenant's policy lets the caller call.
 */
export function visibleTools(
  app: CallerChecks & Pick<RouteContext, 'registry' | 'governance'>,
): (req: Request) => Promise<ToolFilter> {
  const exposed = new Set(app.registry.select(serverSelectionOf(app.config)));
  const byServer: ToolFilter = (tool) => exposed.has(tool);
  return async (req) => {
    const token = tokenOf(req);
    if (!token) return byServer;
    const visibility = await app.governance.policies.visibility(await verifiedCaller(app, req, token));
    return (tool) => byServer(tool) && visibility.denialOf(tool) === undefined;
  };
}
