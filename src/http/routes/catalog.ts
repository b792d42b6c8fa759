import { z } from 'zod';
import type { App } from '../../app.js';
import { AppError, toAppError } from '../../toolkit/errors.js';
import type { ToolDefinition } from '../../toolkit/define-tool.js';
import { callerOf, requireCaller } from '../auth.js';
import { envelope } from '../envelope.js';
import { route, sendError } from '../errors.js';
import type { RouteModule } from '../route-module.js';

const CapabilityType = z.enum(['action', 'analytical', 'read']);

const ExecuteBody = z.strictObject({
  tool: z.string().min(1).max(128),
  arguments: z.record(z.string(), z.unknown()).optional().default({}),
});

function systemOr404(app: App, id: string) {
  const system = app.registry.system(id);
  if (!system) throw new AppError('NOT_FOUND', `Unknown system: ${id}. Known systems: ${app.registry.systems.map((s) => s.id).join(', ')}`);
  return system;
}

function toolOr404(app: App, system: string, name: string): ToolDefinition {
  const tool = app.registry.find(name, system);
  if (!tool) {
    const known = app.registry.toolsOf(system).map((t) => t.name);
    throw new AppError('TOOL_NOT_FOUND', `Unknown tool "${name}" in ${system}`, { details: { available_tools: known } });
  }
  return tool;
}

/** Tool discovery and execution of the spec's MCP endpoints (`/mcp/...`). */
export const catalogRoutes: RouteModule = (router, app) => {
  const { registry } = app;

  router.get('/mcp/systems', (_req, res) => {
    res.json({ systems: registry.systems.map((s) => s.id), count: registry.systems.length });
  });

  router.get('/mcp/domains', (_req, res) => {
    res.json({
      domains: registry.systems.map((s) => ({ name: s.id, description: s.description, keywords: s.keywords, when_to_use: s.when_to_use, tool_count: registry.toolsOf(s.id).length })),
    });
  });

  router.get('/mcp/capabilities/analytics', (_req, res) => {
    const systems: Record<string, Array<{ name: string; tool: string; requires: string[]; outputs: string[] }>> = {};
    let total = 0;
    for (const tool of registry.tools) {
      if (tool.capability.type !== 'analytical') continue;
      const record = registry.capability(tool);
      (systems[tool.system] ??= []).push({ name: record.name, tool: record.tool, requires: record.requires, outputs: record.outputs ?? [] });
      total++;
    }
    res.json({ type: 'analytical', description: 'Read-only aggregations and engineering metrics computed from several sources in parallel.', systems, total_count: total });
  });

  router.get(
    '/mcp/:system/capabilities',
    route((req, res) => {
      const system = systemOr404(app, String(req.params.system));
      const filter = req.query.capability_type;
      let type: z.infer<typeof CapabilityType> | undefined;
      if (filter !== undefined) {
        const parsed = CapabilityType.safeParse(filter);
        if (!parsed.success) throw new AppError('VALIDATION_ERROR', 'capability_type must be action, analytical or read');
        type = parsed.data;
      }
      const capabilities = registry.toolsOf(system.id).filter((t) => !type || t.capability.type === type).map((t) => registry.capability(t));
      res.json({ system: system.id, capabilities, count: capabilities.length });
    }),
  );

  router.get(
    '/mcp/:system/tools',
    route((req, res) => {
      const system = systemOr404(app, String(req.params.system));
      res.json({ tools: registry.toolsOf(system.id).map((t) => registry.descriptor(t)) });
    }),
  );

  // Failing executions answer `{success: false, error: {code, message, details?, retry_after?}, meta}`
  // with the status of the error code (400 bad arguments, 404 unknown tool, 429, 502 upstream...).
  router.post('/mcp/:system/execute', requireCaller(app), async (req, res) => {
    const caller = callerOf(res);
    const meta = { tenant_id: caller.tenantId, timestamp: new Date().toISOString() };
    try {
      const system = systemOr404(app, String(req.params.system));
      const body = ExecuteBody.safeParse(req.body ?? {});
      if (!body.success) throw new AppError('VALIDATION_ERROR', `Body must be {tool: string, arguments?: object}: ${z.prettifyError(body.error).replace(/\n/g, '; ')}`);
      const tool = toolOr404(app, system.id, body.data.tool);
      const result = await app.executor.execute(caller, tool, body.data.arguments);
      res.json(envelope({ ...result, _capability: { name: tool.capability.name, type: tool.capability.type } }, caller, { tool: tool.name }));
    } catch (thrown) {
      const error = toAppError(thrown);
      if (error.code === 'UNAUTHORIZED') return sendError(res, error);
      if (error.retryAfter !== undefined) res.setHeader('Retry-After', String(Math.ceil(error.retryAfter)));
      res.status(error.status).json({ success: false, error: error.toJSON(), meta });
    }
  });
};
