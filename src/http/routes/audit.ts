import { z } from 'zod';
import { validationError } from '../../auth/tenants.js';
import { AppError } from '../../toolkit/errors.js';
import { requireApiKey } from '../auth.js';
import { ANY_OBJECT, envelopeOf, jsonSchemaOf } from '../doc-schemas.js';
import { envelope } from '../envelope.js';
import { route } from '../errors.js';
import type { CallerChecks, RouteContext } from '../route-context.js';
import type { RouteModule } from '../route-module.js';

const MAX_LIMIT = 1000;
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

const Instant = (name: string) =>
  z
    .string()
    .refine(
      (text) => !Number.isNaN(Date.parse(text)),
      `${name} must be an ISO 8601 date or time, such as 2026-01-31T00:00:00Z`,
    )
    .transform((text) => Date.parse(text));

const ExportQuery = z.object({
  tenant_id: z.string().min(1, 'tenant_id is required'),
  since: Instant('since').optional(),
  until: Instant('until').optional(),
  cursor: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(MAX_LIMIT).default(500),
});

const VerifyBody = z.object({ tenant_id: z.string().min(1, 'tenant_id is required') }).strict();

/** An export cursor: the last seq shown, bound to the tenant it was given for. */
const cursorOf = (tenantId: string, seq: number) => Buffer.from(JSON.stringify([tenantId, seq])).toString('base64url');

function seqOfCursor(tenantId: string, cursor: string): number {
  try {
    const [tenant, seq] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown[];
    if (tenant === tenantId && Number.isSafeInteger(seq) && (seq as number) >= 0) return seq as number;
  } catch {
    // Answered below, as any cursor this export did not give.
  }
  throw new AppError('VALIDATION_ERROR', 'cursor is not one this export gave for this tenant: start again without it');
}

/** The audit log's export (JSON Lines, a page at a time) and its chain check, behind the API key. */
export const auditRoutes: RouteModule<CallerChecks & Pick<RouteContext, 'tenants' | 'governance'>> = (routes, app) => {
  const apiKey = requireApiKey(app);
  const admin = { tag: 'admin', security: 'apiKey' } as const;

  routes.add(
    {
      ...admin,
      method: 'get',
      path: '/admin/audit',
      operationId: 'exportAudit',
      summary: "Export a tenant's audit records as JSON Lines",
      description: `One record per line, oldest first; when more follow, the ${NEXT_CURSOR_HEADER} header holds the cursor of the next page.`,
      query: [
        { name: 'tenant_id', schema: { type: 'string' }, description: 'The tenant whose records to export' },
        { name: 'since', schema: { type: 'string', format: 'date-time' }, description: 'Records at or after' },
        { name: 'until', schema: { type: 'string', format: 'date-time' }, description: 'Records before' },
        { name: 'cursor', schema: { type: 'string' }, description: `The ${NEXT_CURSOR_HEADER} of the previous page` },
        { name: 'limit', schema: { type: 'integer', minimum: 1, maximum: MAX_LIMIT }, description: 'Records per page' },
      ],
      response: { text: 'application/x-ndjson' },
    },
    apiKey,
    route(async (req, res) => {
      const parsed = ExportQuery.safeParse(req.query);
      if (!parsed.success) throw validationError(parsed.error);
      const { tenant_id: tenantId, since, until, cursor, limit } = parsed.data;
      if (since !== undefined && until !== undefined && since >= until)
        throw new AppError('VALIDATION_ERROR', 'since must be before until');
      const afterSeq = cursor ? seqOfCursor(tenantId, cursor) : 0;
      await app.tenants.get(tenantId);
      const page = await app.governance.audit.page(tenantId, { afterSeq, since, until, limit });
      if (page.more && page.lastSeq !== undefined) res.setHeader(NEXT_CURSOR_HEADER, cursorOf(tenantId, page.lastSeq));
      res.type('application/x-ndjson').send(page.records.map((record) => `${JSON.stringify(record)}\n`).join(''));
    }),
  );

  routes.add(
    {
      ...admin,
      method: 'post',
      path: '/admin/audit/verify',
      operationId: 'verifyAudit',
      summary: "Check a tenant's audit chain; names the first broken link",
      body: jsonSchemaOf(VerifyBody),
      response: envelopeOf(ANY_OBJECT),
    },
    apiKey,
    route(async (req, res) => {
      const parsed = VerifyBody.safeParse(req.body ?? {});
      if (!parsed.success) throw validationError(parsed.error);
      await app.tenants.get(parsed.data.tenant_id);
      res.json(envelope(await app.governance.audit.verify(parsed.data.tenant_id)));
    }),
  );
};
