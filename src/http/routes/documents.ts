import type { DocumentSettings } from '../../config/documents.js';
import express, { type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';
import { CHUNKING_STRATEGIES } from '../../documents/chunk.js';
import { DEFAULT_CHUNK_SIZE, MAX_CHUNK_SIZE, MIN_CHUNK_SIZE } from '../../documents/limits.js';
import { FILE_TYPES } from '../../documents/parse/file-types.js';
import { QUERY_MODES } from '../../documents/retrieve.js';
import { UnreadableDocument, type UploadRequest } from '../../documents/service.js';
import type { Caller } from '../../toolkit/context.js';
import { AppError } from '../../toolkit/errors.js';
import type { JsonSchema } from '../../toolkit/registry.js';
import { callerOf, requireCaller } from '../auth.js';
import { ANY_OBJECT } from '../doc-schemas.js';
import { requestError, shownError } from '../../toolkit/request-errors.js';
import { errorBody, JSON_BODY_LIMIT, setRetryAfter } from '../errors.js';
import { readMultipartUpload } from '../multipart-upload.js';
import type { CallerChecks, Logging, RouteContext } from '../route-context.js';
import type { RouteModule } from '../route-module.js';

const QUERY = z.object({
  query: z.string().trim().min(1, 'query is required').max(4000),
  top_k: z.number().int().min(1).max(100).default(5),
  mode: z.enum(QUERY_MODES, { message: `mode must be one of: ${QUERY_MODES.join(', ')}` }).default('hybrid'),
  document_id: z.string().nullish(),
  include_context: z.boolean().default(true),
});
const LIST = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
  project_id: z.string().optional(),
});

/**
 * The documents family's error form (spec Document 3, Errors): `{detail: <string>}`, an invalid token as
 * `{detail: {code, message}}`. A file that cannot be read is the caller's to fix, so it is 422 with the
 * spec's `{detail: 'Failed to process document: ...'}` rather than the spec table's 500, which would
 * tell clients to retry the same bytes and alert on an input fault.
 */
function sendDocumentError(app: Logging, res: Response, thrown: unknown): void {
  if (res.headersSent) return;
  if (thrown instanceof UnreadableDocument)
    return void res.status(422).json({ detail: `Failed to process document: ${thrown.message}` });
  if (thrown instanceof z.ZodError)
    return void res.status(400).json({
      detail: thrown.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; '),
    });
  const error = shownError(requestError(thrown), app.log);
  setRetryAfter(res, error);
  if (error.code === 'UNAUTHORIZED') return void res.status(401).json(errorBody(error));
  res.status(error.status).json({ detail: error.message });
}

const handle =
  (app: Logging, work: (req: Request, tenantId: string, caller: Caller, res: Response) => unknown) =>
  (req: Request, res: Response): void => {
    Promise.resolve()
      .then(() => work(req, callerOf(res).tenantId, callerOf(res), res))
      .then((body) => void res.json(body))
      .catch((error: unknown) => sendDocumentError(app, res, error));
  };

const flag = (value: string | undefined) =>
  value === undefined ? undefined : !/^(false|0|no|off)$/i.test(value.trim());

/** The upload request of a multipart form (spec Document 3: file, project_id, tags, extract_entities, chunking_strategy, chunk_size). */
async function readUpload(req: Request, settings: DocumentSettings): Promise<UploadRequest> {
  const { filename, bytes, fields } = await readMultipartUpload(req, {
    fileBytes: settings.maxUploadBytes,
    idleMs: settings.uploadIdleMs,
  });
  return {
    filename,
    bytes,
    projectId: fields.project_id || undefined,
    tags: fields.tags
      ? fields.tags
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean)
      : [],
    extractEntities: flag(fields.extract_entities),
    chunkingStrategy: fields.chunking_strategy || undefined,
    chunkSize: fields.chunk_size === undefined ? undefined : Number(fields.chunk_size),
  };
}

/** The upload form's fields, as `readUpload` reads them. */
const UPLOAD_FORM = {
  type: 'object',
  required: ['file'],
  properties: {
    file: {
      type: 'string',
      format: 'binary',
      description: `The document, its type from the file name: ${FILE_TYPES.map((type) => `.${type}`).join(', ')}`,
    },
    project_id: { type: 'string', description: 'A project to file the document under' },
    tags: { type: 'string', description: 'Tags, separated by commas' },
    extract_entities: {
      type: 'string',
      description: 'Link the entities the text names to the knowledge graph: true (default) or false',
    },
    chunking_strategy: { type: 'string', enum: [...CHUNKING_STRATEGIES], default: 'recursive' },
    chunk_size: { type: 'integer', minimum: MIN_CHUNK_SIZE, maximum: MAX_CHUNK_SIZE, default: DEFAULT_CHUNK_SIZE },
  },
} satisfies JsonSchema;

/** Fires when the client goes away before its answer is sent: the upload stops and stores nothing. */
function clientGone(res: Response): AbortSignal {
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** `/documents/...` (spec Document 3, Documents): upload, query, list, detail, delete, initialize-indexes. */
export const documentRoutes: RouteModule<CallerChecks & Logging & Pick<RouteContext, 'services'>> = (routes, app) => {
  const documents = app.services.documents;
  const router = express.Router();
  const family = routes.under('/documents', router);
  router.use(requireCaller(app, (res, error) => sendDocumentError(app, res, error)));
  const base = { tag: 'documents', security: 'jwt' as const, errors: 'detail' as const, response: ANY_OBJECT };

  family.add(
    {
      ...base,
      method: 'post',
      path: '/upload',
      operationId: 'uploadDocument',
      summary: 'Upload a document (multipart: file, project_id, tags, extract_entities, chunking_strategy, chunk_size)',
      bodyMediaType: 'multipart/form-data',
      body: UPLOAD_FORM,
    },
    handle(app, async (req, tenantId, caller, res) => {
      const signal = clientGone(res);
      const upload = await readUpload(req, app.config.documents).catch((error: unknown) => {
        // A stalled body would hold the connection until the server's request timeout: close it with the answer.
        if (error instanceof AppError && error.code === 'REQUEST_TIMEOUT') res.setHeader('Connection', 'close');
        throw error;
      });
      return documents.upload(tenantId, { ...upload, tenantEpoch: caller.tenantEpoch, signal });
    }),
  );
  const json = express.json({ limit: JSON_BODY_LIMIT });
  family.add(
    {
      ...base,
      method: 'post',
      path: '/query',
      operationId: 'queryDocuments',
      summary: 'Query documents by meaning (vector_only, graph_only, hybrid, graph_expanded)',
      body: ANY_OBJECT,
    },
    json,
    handle(app, (req, tenantId) => documents.query(tenantId, QUERY.parse(req.body ?? {}))),
  );
  family.add(
    {
      ...base,
      method: 'post',
      path: '/initialize-indexes',
      operationId: 'initializeDocumentIndexes',
      summary: 'Create the vector index of the current embedding space and re-embed documents of another space',
    },
    handle(app, (_req, tenantId) => documents.initializeIndexes(tenantId)),
  );
  family.add(
    { ...base, method: 'get', path: '/list', operationId: 'listDocuments', summary: 'List the tenant’s documents' },
    handle(app, (req, tenantId) => {
      const q = LIST.parse(req.query);
      return documents.list(tenantId, q.limit, q.offset, q.project_id);
    }),
  );
  family.add(
    {
      ...base,
      method: 'get',
      path: '/{document_id}',
      operationId: 'getDocument',
      summary: 'A document with its chunks and metadata',
    },
    handle(app, (req, tenantId) => documents.get(tenantId, String(req.params.document_id))),
  );
  family.add(
    {
      ...base,
      method: 'delete',
      path: '/{document_id}',
      operationId: 'deleteDocument',
      summary: 'Delete a document with its chunks, vectors, keywords and entity links',
    },
    handle(app, (req, tenantId) => documents.delete(tenantId, String(req.params.document_id))),
  );
  router.use((req: Request, res: Response) =>
    sendDocumentError(app, res, new AppError('NOT_FOUND', `No route ${req.method} /documents${req.path}`)),
  );
  router.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => sendDocumentError(app, res, error));
  routes.router.use('/documents', router);
};
