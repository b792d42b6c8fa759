import type { JsonSchema } from '../toolkit/registry.js';
import { VERSION } from '../version.js';
import type { RouteContext } from './route-context.js';
import type { ErrorForm, Operation, QueryParam, Security } from './route-module.js';

/**
 * The OpenAPI 3.1 document of the REST surface, assembled from the operations every route module
 * declares next to its handlers (the generated tool routes included). Nothing here lists routes.
 */

const SECURITY: Record<Security, Array<Record<string, string[]>>> = {
  none: [],
  jwt: [{ jwt: [] }, { bearer: [] }],
  apiKey: [{ apiKey: [] }],
  'apiKey+jwt': [{ apiKey: [], jwt: [] }],
};

const TAGS: Record<string, string> = {
  system: 'Health, metrics, integration metadata and this document',
  demo: 'Demo mode',
  catalog: 'Tool discovery (the specification’s MCP endpoints)',
  admin: 'Tenants, tokens and cached connections, behind the API key',
  analytics: 'Engineering analytics',
  documents: 'Uploaded documents: parsed, chunked, embedded and queried by meaning with graph context',
  meta: 'The method list of the command-line client',
  confirmations: 'The page where a person confirms or declines an action an assistant asked for',
  mcp: 'The Model Context Protocol endpoint',
  vault:
    'Vault authorization of the unified integrations (crm, calendar, team_chat, notes, ticketing, code_host) through Apideck, per tenant consumer',
  'suite authorization': 'Each user’s consent for the suite to act in their Google account (OAuth 2.0)',
  'chat authorization':
    'Each user’s installation of the chat app in their Slack workspace (OAuth 2.0, bot and user tokens)',
};

/** The error responses of each family, by status (components/responses). */
const ERROR_RESPONSES: Record<ErrorForm, { badRequest: string; unauthorized: string; tooMany: string }> = {
  envelope: { badRequest: 'EnvelopeBadRequest', unauthorized: 'Unauthorized', tooMany: 'EnvelopeTooManyRequests' },
  graph: { badRequest: 'GraphError', unauthorized: 'GraphError', tooMany: 'GraphTooManyRequests' },
  jsonrpc: { badRequest: 'JsonRpcError', unauthorized: 'JsonRpcError', tooMany: 'EnvelopeTooManyRequests' },
  detail: { badRequest: 'DetailError', unauthorized: 'OAuthRequired', tooMany: 'EnvelopeTooManyRequests' },
};

const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });

function parameters(operation: Operation): JsonSchema[] {
  const path = [...operation.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const query = (operation.query ?? []).map((q: QueryParam) => ({
    name: q.name,
    in: 'query',
    required: q.required ?? false,
    schema: q.schema,
    ...(q.description ? { description: q.description } : {}),
  }));
  const headers = (operation.headers ?? []).map((h: QueryParam) => ({
    name: h.name,
    in: 'header',
    required: h.required ?? false,
    schema: h.schema,
    ...(h.description ? { description: h.description } : {}),
  }));
  return [...path, ...query, ...headers];
}

function successContent(operation: Operation): JsonSchema {
  const response = operation.response ?? { type: 'object' };
  if ('text' in response && typeof response.text === 'string')
    return { [response.text]: { schema: { type: 'string' } } };
  return { 'application/json': { schema: response } };
}

function toOperation(operation: Operation): JsonSchema {
  const errors = ERROR_RESPONSES[operation.errors ?? 'envelope'];
  const content = successContent(operation);
  const params = parameters(operation);
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    tags: [operation.tag],
    security: SECURITY[operation.security],
    ...(params.length ? { parameters: params } : {}),
    ...(operation.body
      ? {
          requestBody: {
            required: true,
            content: { [operation.bodyMediaType ?? 'application/json']: { schema: operation.body } },
          },
        }
      : {}),
    responses: {
      ...(operation.redirect
        ? {
            '302': {
              description: operation.redirect,
              headers: { Location: { schema: { type: 'string', format: 'uri' } } },
            },
          }
        : { [String(operation.status ?? 200)]: { description: 'Success', content } }),
      ...Object.fromEntries(
        Object.entries(operation.alsoAnswers ?? {}).map(([status, description]) => [status, { description, content }]),
      ),
      '400': ref(errors.badRequest),
      ...(operation.security === 'none' ? {} : { '401': ref(errors.unauthorized) }),
      '429': ref(errors.tooMany),
    },
  };
}

const ERROR_ENVELOPE = {
  type: 'object',
  properties: {
    success: { const: false },
    error: {
      type: 'object',
      properties: {
        code: { type: 'string' },
        message: { type: 'string' },
        details: {},
        retry_after: { type: 'number' },
      },
      required: ['code', 'message'],
    },
  },
  required: ['success', 'error'],
};
const GRAPH_ERROR = {
  type: 'object',
  properties: { success: { const: false }, error: { type: 'string' }, metadata: { type: 'null' } },
  required: ['success', 'error', 'metadata'],
};
const RETRY_AFTER = {
  'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer' } },
};
const json = (schema: JsonSchema) => ({ 'application/json': { schema } });

const COMPONENTS = {
  securitySchemes: {
    jwt: { type: 'apiKey', in: 'header', name: 'X-JWT-Token', description: 'The JWT of POST /admin/token' },
    bearer: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
      description: 'The same JWT as Authorization: Bearer',
    },
    apiKey: { type: 'apiKey', in: 'header', name: 'X-API-KEY', description: 'The internal API key' },
  },
  responses: {
    EnvelopeBadRequest: { description: 'Invalid input', content: json(ERROR_ENVELOPE) },
    EnvelopeTooManyRequests: {
      description: 'Rate limit exceeded',
      headers: RETRY_AFTER,
      content: json(ERROR_ENVELOPE),
    },
    Unauthorized: {
      description: 'Missing, invalid or expired JWT',
      content: json({
        type: 'object',
        properties: {
          detail: { type: 'object', properties: { code: { const: 'UNAUTHORIZED' }, message: { type: 'string' } } },
        },
      }),
    },
    DetailError: {
      description: 'Refused, in the suite and chat error form',
      content: json({ type: 'object', properties: { detail: { type: 'string' } }, required: ['detail'] }),
    },
    OAuthRequired: {
      description: 'The user must authorize first (or the JWT is missing or invalid)',
      content: json({
        type: 'object',
        properties: {
          detail: {
            oneOf: [
              {
                type: 'object',
                properties: {
                  action: { const: 'oauth_required' },
                  message: { type: 'string' },
                  auth_url: { type: 'string', format: 'uri' },
                },
                required: ['action', 'message'],
              },
              { type: 'string' },
            ],
          },
        },
        required: ['detail'],
      }),
    },
    GraphError: { description: 'Invalid input or credentials, in the graph error form', content: json(GRAPH_ERROR) },
    GraphTooManyRequests: {
      description: 'Rate limit exceeded, in the graph error form',
      headers: RETRY_AFTER,
      content: json(GRAPH_ERROR),
    },
    JsonRpcError: {
      description: 'Refused before the protocol started (bad message, credentials), as a JSON-RPC error',
      content: json({
        type: 'object',
        properties: { jsonrpc: { const: '2.0' }, error: { type: 'object' }, id: { type: 'null' } },
      }),
    },
  },
};

/** The OpenAPI 3.1 document of the declared operations. */
export function buildOpenApi(app: Pick<RouteContext, 'registry'>, operations: readonly Operation[]): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const operation of operations) (paths[operation.path] ??= {})[operation.method] = toOperation(operation);
  const systems = Object.fromEntries(
    app.registry.systems.map((s) => [s.id, `${s.name}: its tools as method routes and execution`]),
  );
  const used = new Set(operations.map((o) => o.tag));
  const tags = Object.entries({ ...TAGS, ...systems, graph: 'The knowledge graph (Document 3) and its tools' })
    .filter(([name]) => used.has(name))
    .map(([name, description]) => ({ name, description }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Constellation',
      version: VERSION,
      description: 'One REST and MCP interface to a team’s systems, with a self-filling knowledge graph.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: '/', description: 'This server' }],
    tags,
    paths,
    components: COMPONENTS,
  };
}
