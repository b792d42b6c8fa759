import { z } from 'zod';
import type { App } from '../app.js';
import { TokenRequest } from '../auth/jwt.js';
import { TenantCreate } from '../auth/tenants.js';
import { VERSION } from '../version.js';
import { methodTable } from './method-table.js';

type Schema = Record<string, unknown>;
type Security = 'none' | 'jwt' | 'apiKey' | 'apiKey+jwt';

interface RouteDoc {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  summary: string;
  tag: string;
  security: Security;
  body?: Schema;
  query?: Array<{ name: string; schema: Schema; required?: boolean; description?: string }>;
  response?: Schema;
}

const json = (schema: z.ZodType): Schema => {
  const out = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Schema;
  delete out.$schema;
  return out;
};

const envelopeOf = (data: Schema): Schema => ({
  type: 'object',
  properties: { success: { const: true }, data, meta: { type: 'object', properties: { tenant_id: { type: 'string' }, timestamp: { type: 'string', format: 'date-time' } } } },
  required: ['success', 'data'],
});

const STATIC_ROUTES: RouteDoc[] = [
  { method: 'get', path: '/health', summary: 'Health of the service and its store', tag: 'system', security: 'none' },
  { method: 'get', path: '/metrics', summary: 'Prometheus metrics', tag: 'system', security: 'none' },
  { method: 'get', path: '/integrations', summary: 'Integrations, their endpoints and filterable fields', tag: 'system', security: 'none' },
  { method: 'get', path: '/mcp/systems', summary: 'Systems of the tool catalog', tag: 'mcp', security: 'none' },
  { method: 'get', path: '/mcp/domains', summary: 'Domain records of every system', tag: 'mcp', security: 'none' },
  { method: 'get', path: '/mcp/capabilities/analytics', summary: 'Analytical capabilities of every system', tag: 'mcp', security: 'none' },
  { method: 'get', path: '/v1/meta', summary: 'Method-generated routes, for the command-line client', tag: 'mcp', security: 'none' },
  { method: 'get', path: '/admin/tenants', summary: 'List tenants', tag: 'admin', security: 'apiKey' },
  { method: 'post', path: '/admin/tenants', summary: 'Create a tenant', tag: 'admin', security: 'apiKey', body: json(TenantCreate) },
  { method: 'get', path: '/admin/tenants/{id}', summary: 'Get a tenant', tag: 'admin', security: 'apiKey' },
  { method: 'put', path: '/admin/tenants/{id}', summary: 'Update a tenant', tag: 'admin', security: 'apiKey', body: json(TenantCreate.omit({ id: true }).partial()) },
  { method: 'delete', path: '/admin/tenants/{id}', summary: 'Delete a tenant', tag: 'admin', security: 'apiKey' },
  { method: 'post', path: '/admin/token', summary: 'Issue a JWT (HS256) for a tenant user', tag: 'admin', security: 'apiKey', body: json(TokenRequest) },
  { method: 'get', path: '/admin/connections/stats', summary: "Cached connections of the token's tenant", tag: 'admin', security: 'apiKey+jwt' },
  { method: 'delete', path: '/admin/connections', summary: "Drop the token's tenant's cached connections", tag: 'admin', security: 'apiKey+jwt', query: [{ name: 'connection_type', schema: { type: 'string' } }] },
];

const SECURITY: Record<Security, Array<Record<string, string[]>>> = {
  none: [],
  jwt: [{ jwt: [] }, { bearer: [] }],
  apiKey: [{ apiKey: [] }],
  'apiKey+jwt': [{ apiKey: [], jwt: [] }],
};

function operation(route: RouteDoc): Schema {
  return {
    summary: route.summary,
    tags: [route.tag],
    security: SECURITY[route.security],
    ...(route.path.includes('{') ? { parameters: [...pathParams(route.path), ...(route.query ?? []).map(queryParam)] } : route.query ? { parameters: route.query.map(queryParam) } : {}),
    ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: route.body } } } } : {}),
    responses: {
      '200': { description: 'Success', content: { 'application/json': { schema: route.response ?? { type: 'object' } } } },
      '400': { $ref: '#/components/responses/BadRequest' },
      ...(route.security === 'none' ? {} : { '401': { $ref: '#/components/responses/Unauthorized' } }),
    },
  };
}

const pathParams = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
const queryParam = (q: { name: string; schema: Schema; required?: boolean; description?: string }) => ({ name: q.name, in: 'query', required: q.required ?? false, schema: q.schema, ...(q.description ? { description: q.description } : {}) });

/** The OpenAPI 3.1 document of the REST surface, generated from the catalog and the route schemas. */
export function buildOpenApi(app: App): Schema {
  const routes = [...STATIC_ROUTES];
  for (const system of app.registry.systems) {
    routes.push(
      { method: 'get', path: `/mcp/${system.id}/capabilities`, summary: `Capabilities of ${system.id}`, tag: 'mcp', security: 'none', query: [{ name: 'capability_type', schema: { enum: ['action', 'analytical', 'read'] } }] },
      { method: 'get', path: `/mcp/${system.id}/tools`, summary: `Tool descriptors of ${system.id}`, tag: 'mcp', security: 'none' },
      {
        method: 'post',
        path: `/mcp/${system.id}/execute`,
        summary: `Execute a ${system.id} tool by name`,
        tag: system.id,
        security: 'jwt',
        body: { type: 'object', properties: { tool: { enum: app.registry.toolsOf(system.id).map((t) => t.name) }, arguments: { type: 'object' } }, required: ['tool'] },
        response: envelopeOf({ type: 'object', properties: { _capability: { type: 'object' } } }),
      },
    );
  }
  for (const method of methodTable(app.registry)) {
    const input = app.registry.inputJsonSchema(method.tool);
    const properties = (input.properties ?? {}) as Record<string, Schema>;
    const required = new Set((input.required as string[] | undefined) ?? []);
    routes.push({
      method: method.http_method.toLowerCase() as RouteDoc['method'],
      path: method.path,
      summary: method.description,
      tag: method.service,
      security: 'jwt',
      ...(method.http_method === 'GET'
        ? { query: Object.entries(properties).map(([name, schema]) => ({ name, schema, required: required.has(name), description: schema.description as string | undefined })) }
        : { body: input }),
      response: envelopeOf(app.registry.outputJsonSchema(method.tool) ?? { type: 'object' }),
    });
  }
  const paths: Record<string, Record<string, Schema>> = {};
  for (const route of routes) (paths[route.path] ??= {})[route.method] = operation(route);
  return {
    openapi: '3.1.0',
    info: { title: 'Constellation', version: VERSION, description: 'One REST and MCP interface to a team’s systems, with a self-filling knowledge graph.' },
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: {
        jwt: { type: 'apiKey', in: 'header', name: 'X-JWT-Token' },
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        apiKey: { type: 'apiKey', in: 'header', name: 'X-API-KEY' },
      },
      responses: {
        BadRequest: { description: 'Invalid input', content: { 'application/json': { schema: { type: 'object', properties: { success: { const: false }, error: { type: 'object', properties: { code: { type: 'string' }, message: { type: 'string' } }, required: ['code', 'message'] } } } } } },
        Unauthorized: { description: 'Missing, invalid or expired JWT', content: { 'application/json': { schema: { type: 'object', properties: { detail: { type: 'object', properties: { code: { const: 'UNAUTHORIZED' }, message: { type: 'string' } } } } } } } },
      },
    },
  };
}
