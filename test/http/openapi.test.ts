import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHttpApp } from '../../src/http/server.js';
import { call, startTestServer, type TestServer } from '../helpers/server.js';

/**
 * The OpenAPI document is built from the route declarations: it lists exactly what Express serves,
 * and it keeps the rules of Redocly's `recommended` set that apply to a generated document.
 */
type Doc = {
  openapi: string;
  info: { title?: string; version?: string; license?: unknown };
  servers?: unknown[];
  tags: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown>; responses: Record<string, unknown> };
};
type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ name: string; in: string; required?: boolean }>;
  responses: Record<string, unknown>;
};

let server: TestServer;
let doc: Doc;
beforeAll(async () => {
  server = await startTestServer({ environment: 'development' });
  doc = (await call(server, 'GET', '/openapi.json')).body;
});
afterAll(() => server.close());

const VERBS = ['get', 'post', 'put', 'patch', 'delete'];

interface Layer {
  rawPath?: unknown;
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** Every `METHOD /path` Express serves, by walking the router stack (a route for all methods counts as `ALL`). */
function servedRoutes(stack: Layer[], prefix = ''): string[] {
  const out: string[] = [];
  for (const layer of stack) {
    const own = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
    if (layer.route) {
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      const methods = Object.keys(layer.route.methods);
      const verbs = methods.length > VERBS.length ? ['ALL'] : methods.map((m) => m.toUpperCase());
      for (const path of paths)
        for (const verb of verbs) out.push(`${verb} ${(prefix + path).replace(/:(\w+)/g, '{$1}')}`);
    } else if (layer.handle?.stack) {
      out.push(...servedRoutes(layer.handle.stack, prefix + own));
    }
  }
  return out;
}

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([verb, op]) => ({ path, verb, op })));

describe('GET /openapi.json lists exactly the routes Express serves', () => {
  it('every served route is documented, and every documented operation is served', () => {
    const http = buildHttpApp(server.app, server.surface) as unknown as { router: { stack: Layer[] } };
    const served = servedRoutes(http.router.stack);
    const documented = operations().map(({ path, verb }) => `${verb.toUpperCase()} ${path}`);
    // `/mcp` is one route for every method (other methods answer 405): its POST is the operation.
    const expanded = served.flatMap((route) => (route.startsWith('ALL ') ? [`POST ${route.slice(4)}`] : [route]));
    expect(new Set(expanded).size).toBe(expanded.length);
    expect([...expanded].sort()).toEqual([...documented].sort());
  });

  it('is complete: graph, analytics, demo, admin, catalog, system, methods and /mcp', () => {
    for (const [verb, path] of [
      ['post', '/graph/search'],
      ['post', '/graph/traverse'],
      ['get', '/graph/feed'],
      ['get', '/graph/visualizer'],
      ['post', '/graph/context/inject'],
      ['delete', '/graph/context/{context_id}'],
      ['post', '/graph/seed'],
      ['get', '/analytics/dora'],
      ['get', '/demo'],
      ['delete', '/admin/tenants/{id}/contexts'],
      ['get', '/mcp/graph/tools'],
      ['get', '/health'],
      ['get', '/v1/meta'],
      ['get', '/v1/graph/search'],
      ['get', '/v1/graph/traverse'],
      ['get', '/v1/graph/find-path'],
      ['get', '/v1/graph/query'],
      ['post', '/v1/graph/inject-context'],
      ['get', '/code_host/get-issues'],
      ['patch', '/code_host/update-issue'],
      ['post', '/mcp'],
    ])
      expect(doc.paths[path]?.[verb], `${verb} ${path}`).toBeDefined();
  });

  it('documents the graph routes in their own error form and the dora query from the tool schema', () => {
    const search = doc.paths['/graph/search'].post as Operation & {
      requestBody: { content: Record<string, { schema: { properties: Record<string, { maximum?: number }> } }> };
    };
    expect(search.responses['400']).toEqual({ $ref: '#/components/responses/GraphError' });
    expect(search.requestBody.content['application/json'].schema.properties.limit.maximum).toBe(100);
    const dora = doc.paths['/analytics/dora'].get;
    expect(dora.parameters?.map((p) => p.name).sort()).toEqual(['refresh', 'repo_ids', 'time_period_days']);
  });

  it('documents the upload as a multipart form naming its file field and the options', () => {
    const upload = doc.paths['/documents/upload'].post as Operation & {
      requestBody: { content: Record<string, { schema: { required: string[]; properties: Record<string, object> } }> };
    };
    const form = upload.requestBody.content['multipart/form-data'].schema;
    expect(form.required).toEqual(['file']);
    expect(form.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(Object.keys(form.properties)).toEqual([
      'file',
      'project_id',
      'tags',
      'extract_entities',
      'chunking_strategy',
      'chunk_size',
    ]);
    expect(form.properties.chunk_size).toMatchObject({ minimum: 100, maximum: 20_000 });
  });
});

describe("Redocly's recommended rules that apply", () => {
  it('operation-operationId, operation-operationId-unique, operation-operationId-url-safe, operation-summary', () => {
    const ids = operations().map(({ op }) => op.operationId);
    for (const { path, verb, op } of operations()) {
      expect(op.operationId, `${verb} ${path}`).toMatch(/^[A-Za-z0-9_.-]+$/);
      expect(op.summary?.trim(), `${verb} ${path}`).toBeTruthy();
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('operation-2xx-response, operation-4xx-response', () => {
    for (const { path, verb, op } of operations()) {
      const statuses = Object.keys(op.responses);
      expect(
        // A redirect (the OAuth authorize routes) is the operation's success.
        statuses.some(
          (s) =>
            /^2\d\d$/.test(s) ||
            (s === '302' && (op.responses[s] as { headers?: { Location?: unknown } }).headers?.Location !== undefined),
        ),
        `${verb} ${path}`,
      ).toBe(true);
      expect(
        statuses.some((s) => /^4\d\d$/.test(s)),
        `${verb} ${path}`,
      ).toBe(true);
    }
  });

  it('path-parameters-defined, no-identical-paths, path-declaration-must-exist', () => {
    const shapes = Object.keys(doc.paths).map((p) => p.replace(/\{\w+\}/g, '{}'));
    expect(new Set(shapes).size).toBe(shapes.length);
    for (const { path, verb, op } of operations()) {
      const inPath = [...path.matchAll(/\{(\w*)\}/g)].map((m) => m[1]);
      for (const name of inPath) expect(name, path).not.toBe('');
      const declared = (op.parameters ?? []).filter((p) => p.in === 'path');
      expect(declared.map((p) => p.name).sort(), `${verb} ${path}`).toEqual([...inPath].sort());
      for (const p of declared) expect(p.required, `${verb} ${path} ${p.name}`).toBe(true);
      const keys = (op.parameters ?? []).map((p) => `${p.in}:${p.name}`);
      expect(new Set(keys).size, `${verb} ${path}`).toBe(keys.length);
    }
  });

  it('operation-tag-defined, tag-description, security-defined, info-license, no-empty-servers', () => {
    const tags = new Map(doc.tags.map((t) => [t.name, t.description]));
    for (const [name, description] of tags) expect(description?.trim(), name).toBeTruthy();
    for (const { path, verb, op } of operations()) {
      expect(op.tags?.length, `${verb} ${path}`).toBe(1);
      expect(tags.has(op.tags![0]), `${verb} ${path} tag ${op.tags![0]}`).toBe(true);
      expect(Array.isArray(op.security), `${verb} ${path}`).toBe(true);
      for (const requirement of op.security ?? [])
        for (const scheme of Object.keys(requirement))
          expect(doc.components.securitySchemes, scheme).toHaveProperty([scheme]);
    }
    expect(doc.info.license).toBeDefined();
    expect(doc.servers?.length).toBeGreaterThan(0);
  });

  it('no-unused-components, no-unresolved-refs', () => {
    const text = JSON.stringify(doc.paths);
    const refs = [...text.matchAll(/"\$ref":"#\/components\/(\w+)\/(\w+)"/g)].map((m) => [m[1], m[2]] as const);
    for (const [kind, name] of refs)
      expect((doc.components as Record<string, Record<string, unknown>>)[kind], `${kind}/${name}`).toHaveProperty([
        name,
      ]);
    const used = new Set(refs.map(([, name]) => name));
    for (const name of Object.keys(doc.components.responses))
      expect(used.has(name), `components/responses/${name} unused`).toBe(true);
    const schemes = new Set(operations().flatMap(({ op }) => (op.security ?? []).flatMap((r) => Object.keys(r))));
    for (const name of Object.keys(doc.components.securitySchemes))
      expect(schemes.has(name), `securitySchemes/${name} unused`).toBe(true);
  });
});
