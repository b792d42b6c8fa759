import {
  ProtocolError,
  ProtocolErrorCode,
  ResourceNotFoundError,
  type ReadResourceResult,
  type ResourceLink,
  type Server,
} from '@modelcontextprotocol/server';
import {
  DOCUMENT_TEMPLATE,
  documentLinks,
  isDocumentUri,
  listDocumentResources,
  readDocumentResource,
} from './document-resources.js';
import { GRAPH_APP_URI, MCP_APP_MIME_TYPE } from './app/graph-app.js';
import type { McpContext, ToolRunner } from './context.js';
import type { Caller } from '../toolkit/context.js';
import { AppError, toAppError } from '../toolkit/errors.js';

const SCHEME = 'constellation://graph/';
const ENTITY_TOOL = 'graph_get_entity_context';
/** Links a result carries at most: enough to save the agent a call, few enough not to flood the context. */
const MAX_LINKS = 10;

/** The resource URI of a graph entity: `constellation://graph/<type>/<id>` (the id URI-encoded, `/` included). */
const entityUri = (type: string, id: string): string =>
  `${SCHEME}${encodeURIComponent(type)}/${encodeURIComponent(id)}`;

function entityOf(uri: string): { type: string; id: string } {
  const rest = uri.startsWith(SCHEME) ? uri.slice(SCHEME.length) : undefined;
  const slash = rest?.indexOf('/') ?? -1;
  if (rest === undefined || slash <= 0 || slash === rest.length - 1) {
    throw new AppError('NOT_FOUND', `Unknown resource ${uri}: graph entities are ${SCHEME}<entity_type>/<entity_id>`);
  }
  return { type: decodeURIComponent(rest.slice(0, slash)), id: decodeURIComponent(rest.slice(slash + 1)) };
}

const TEMPLATE = {
  uriTemplate: `${SCHEME}{entity_type}/{entity_id}`,
  name: 'graph-entity',
  title: 'Knowledge graph entity',
  description:
    'One entity of the knowledge graph (ticket, pull request, page, repository, person...) with its relationships and recent activity, as JSON.',
  mimeType: 'application/json',
};

/** The graph view, an MCP App the graph tools link to (`_meta.ui.resourceUri`). */
const GRAPH_APP_RESOURCE = {
  uri: GRAPH_APP_URI,
  name: 'graph-view',
  title: 'Knowledge graph view',
  description:
    'An interactive force-directed drawing of a graph tool’s result (traverse, path, entity context, query), for hosts that render MCP Apps.',
  mimeType: MCP_APP_MIME_TYPE,
};

async function readEntity(app: ToolRunner, caller: Caller, uri: string): Promise<ReadResourceResult> {
  const { type, id } = entityOf(uri);
  const tool = app.registry.find(ENTITY_TOOL);
  if (!tool) throw new AppError('NOT_FOUND', 'The knowledge graph is not part of this catalog');
  const entity = await app.executor.execute(caller, tool, { entity_type: type, entity_id: id });
  return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(entity) }] };
}

/**
 * Graph entities and uploaded documents as MCP resources, read through their own tools, so the
 * caller's tenant, the activity record and every error rule apply as for a tool call. Entities are
 * not listed (the graph is too large to enumerate): the template says how to name one, and tool
 * results link to theirs. The caller's documents are listed (paged), after the graph view (an MCP App).
 */
export function serveResources(
  server: Server,
  app: ToolRunner & Pick<McpContext, 'services'>,
  callerFor: () => Caller | Promise<Caller>,
): void {
  server.registerCapabilities({ resources: {} });
  server.setRequestHandler('resources/list', async (request) => {
    const cursor = request.params?.cursor;
    const documents = app.registry.find('documents_list_documents')
      ? await listDocumentResources(app, await callerFor(), cursor)
      : { resources: [] };
    return { ...documents, resources: [...(cursor ? [] : [GRAPH_APP_RESOURCE]), ...documents.resources] };
  });
  server.setRequestHandler('resources/templates/list', () => ({ resourceTemplates: [TEMPLATE, DOCUMENT_TEMPLATE] }));
  server.setRequestHandler('resources/read', async (request): Promise<ReadResourceResult> => {
    const { uri } = request.params;
    if (uri === GRAPH_APP_URI) {
      const { graphAppHtml } = await import('./app/graph-view.js');
      return { contents: [{ uri, mimeType: MCP_APP_MIME_TYPE, text: graphAppHtml(app.services.graph.nodeTypes) }] };
    }
    try {
      const caller = await callerFor();
      return isDocumentUri(uri) ? await readDocumentResource(app, caller, uri) : await readEntity(app, caller, uri);
    } catch (thrown) {
      // Resource reads answer with protocol errors: the SDK's not-found (it carries the uri) or invalid params.
      const error = toAppError(thrown);
      if (error.code === 'NOT_FOUND') throw new ResourceNotFoundError(uri, error.message);
      if (error.code === 'VALIDATION_ERROR') throw new ProtocolError(ProtocolErrorCode.InvalidParams, error.message);
      throw new ProtocolError(
        ProtocolErrorCode.InternalError,
        error.status < 500 ? error.message : 'The resource could not be read',
      );
    }
  });
}

/**
 * Links to the resources a tool's result names (the graph entities of a graph result, the documents
 * of a documents result), so the agent can read one whole without another tool call.
 */
export function resultLinks(system: string | undefined, result: Record<string, unknown>): ResourceLink[] {
  if (system === 'graph') return entityLinks(result);
  if (system === 'documents') return documentLinks(result, MAX_LINKS);
  return [];
}

/** Links to the graph entities a result names (graph search hits, a traversal's nodes). */
function entityLinks(result: Record<string, unknown>): ResourceLink[] {
  const nodes = [result.results, result.nodes].find(Array.isArray) as unknown[] | undefined;
  const links: ResourceLink[] = [];
  for (const node of nodes ?? []) {
    if (links.length >= MAX_LINKS) break;
    const {
      node_type: type,
      node_id: id,
      properties,
    } = (node ?? {}) as { node_type?: unknown; node_id?: unknown; properties?: { title?: unknown; name?: unknown } };
    if (typeof type !== 'string' || typeof id !== 'string') continue;
    const title =
      typeof properties?.title === 'string'
        ? properties.title
        : typeof properties?.name === 'string'
          ? properties.name
          : undefined;
    links.push({
      type: 'resource_link',
      uri: entityUri(type, id),
      name: `${type}:${id}`,
      ...(title ? { title } : {}),
      mimeType: 'application/json',
    });
  }
  return links;
}
