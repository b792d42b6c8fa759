import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIALS } from '../../src/sandbox/credentials.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { openApiContract, type OpenApiDocument } from '../helpers/openapi-contract.js';
import { loadGithubOpenApi } from './github-openapi.js';
import { githubFake } from '../../src/sandbox/github/index.js';
import type { FakeUpstream } from '../../src/sandbox/fake-upstream.js';

const GITHUB = [githubFake as FakeUpstream];

const item = {
  type: 'object',
  required: ['id', 'name'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    note: { nullable: true, allOf: [{ type: 'string' }] },
  },
};

/** A small description in the 3.0 dialect: shared responses by $ref, a 4XX range, a default, a 204. */
const v30: OpenApiDocument = {
  openapi: '3.0.3',
  paths: {
    '/items/{id}': {
      get: {
        operationId: 'getItem',
        responses: {
          200: {
            description: 'ok',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/item' } } },
          },
          404: { $ref: '#/components/responses/notFound' },
          '4XX': {
            description: 'other',
            content: { 'application/json': { schema: { type: 'object', required: ['message'] } } },
          },
        },
      },
      delete: {
        responses: {
          204: { description: 'gone' },
          default: { description: 'error', content: { 'text/plain': { schema: { type: 'string' } } } },
        },
      },
    },
    '/items/search': {
      get: {
        operationId: 'searchItems',
        responses: {
          200: {
            description: 'ok',
            content: {
              'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/item' } } },
            },
          },
        },
      },
    },
    '/files/{path}': {
      get: {
        operationId: 'getFile',
        responses: { 200: { description: 'ok', content: { 'application/octet-stream': {} } } },
      },
    },
  },
  components: {
    schemas: { item },
    responses: {
      notFound: {
        description: 'missing',
        content: {
          'application/json': {
            schema: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
          },
        },
      },
    },
  },
};

describe('an OpenAPI contract over any description', () => {
  const contract = openApiContract(v30);

  it('matches concrete paths to templates, literal segments first, multi-segment parameters last', () => {
    expect(contract.match('GET', '/items/42')).toBe('/items/{id}');
    expect(contract.match('get', '/items/search')).toBe('/items/search');
    expect(contract.match('GET', '/files/docs/a/b.md')).toBe('/files/{path}');
    expect(contract.match('POST', '/items/42')).toBeUndefined();
    expect(contract.operationId('get', '/items/search')).toBe('searchItems');
  });

  it('validates status, content type and body of recorded responses', () => {
    const ok = { method: 'GET', path: '/items/7', status: 200, contentType: 'application/json; charset=utf-8' };
    expect(contract.check({ ...ok, body: { id: 7, name: 'seven', note: null } })).toEqual([]);
    expect(contract.check({ ...ok, body: { id: '7', name: 'seven' } }).join()).toContain('/id must be integer');
    expect(contract.check({ ...ok, contentType: 'text/html', body: '<p>' })).toEqual([
      'content type text/html is not documented for 200 (documented: application/json)',
    ]);
    expect(contract.check({ ...ok, status: 404, body: { message: 'gone' } })).toEqual([]);
    expect(contract.check({ ...ok, status: 404, body: { error: 'gone' } }).join()).toContain(
      "must have required property 'message'",
    );
    expect(contract.check({ ...ok, status: 409, body: {} }).join()).toContain("must have required property 'message'");
    expect(contract.check({ ...ok, status: 500, body: {} })).toEqual(['GET /items/{id} documents no 500 response']);
    expect(contract.check({ method: 'DELETE', path: '/items/7', status: 204, body: '' })).toEqual([]);
    expect(contract.check({ method: 'DELETE', path: '/items/7', status: 204, body: { deleted: true } })).toEqual([
      '204 documents no body, got one',
    ]);
    expect(
      contract.check({ method: 'DELETE', path: '/items/7', status: 503, contentType: 'text/plain', body: 'down' }),
    ).toEqual([]);
    expect(contract.check({ method: 'PUT', path: '/items/7', status: 200, body: {} })).toEqual([
      'no documented operation matches PUT /items/7',
    ]);
  });

  it("reads the 3.1 dialect (type arrays instead of nullable) without changing the caller's document", () => {
    const v31: OpenApiDocument = {
      openapi: '3.1.0',
      paths: {
        '/me': {
          get: {
            responses: {
              200: {
                description: 'ok',
                content: {
                  'application/json': {
                    schema: { type: 'object', required: ['name'], properties: { name: { type: ['string', 'null'] } } },
                  },
                },
              },
            },
          },
        },
      },
    };
    const before = JSON.stringify(v31);
    const me = openApiContract(v31);
    expect(me.check({ method: 'GET', path: '/me', status: 200, body: { name: null } })).toEqual([]);
    expect(me.check({ method: 'GET', path: '/me', status: 200, body: { name: 3 } })).not.toEqual([]);
    expect(JSON.stringify(v31)).toBe(before);
    expect(JSON.stringify(v30.components)).not.toContain('anyOf');
  });
});

describe("recorded responses of the GitHub fake against GitHub's description", () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({}, GITHUB);
  });
  afterAll(() => sandbox?.close());

  it('finds the operation from the concrete path of each response', async () => {
    const github = loadGithubOpenApi();
    for (const path of [
      '/repos/acme/api',
      '/repos/acme/api/issues/events',
      '/repos/acme/api/issues/1',
      '/repos/acme/api/contents/README.md',
      '/repos/nobody/nothing',
    ]) {
      const response = await fetch(sandbox.urlOf('/github') + path, {
        headers: { authorization: `token ${SANDBOX_CREDENTIALS.acme.github.token}` },
      });
      const recorded = {
        method: 'GET',
        path,
        status: response.status,
        contentType: response.headers.get('content-type'),
        body: await response.json(),
      };
      expect(github.check(recorded), path).toEqual([]);
    }
    expect(github.match('GET', '/repos/acme/api/issues/events')).toBe('/repos/{owner}/{repo}/issues/events');
  });
});
