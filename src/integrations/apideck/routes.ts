import type { RequestHandler } from 'express';
import { z } from 'zod';
import { validationError } from '../../auth/tenants.js';
import { requireApiKey } from '../../http/auth.js';
import { jsonSchemaOf } from '../../http/doc-schemas.js';
import { route } from '../../http/errors.js';
import { redirectTarget } from '../../http/redirect-target.js';
import type { CallerChecks, RouteContext } from '../../http/route-context.js';
import type { RouteModule } from '../../http/route-module.js';
import { windowLimit } from '../../http/window-limit.js';
import { AppError } from '../../toolkit/errors.js';
import { tenantEnvelope, tenantEnvelopeOf, tenantOf } from './rest.js';
import { unifyClientFor } from './settings.js';
import { apideckUnifiedApi, KNOWN_UNIFIED_APIS, vaultIntegrationsOf } from './unified-apis.js';
import { createVaultSession } from './vault.js';

/** Spec: Limits, 10 vault-session requests per 15 minutes per IP address. */
const VAULT_SESSION_LIMIT = { limit: 10, windowMs: 15 * 60_000 };

/** The body of a vault-session request, offering the integrations the systems declare. */
const vaultSessionBody = (integrationIds: readonly string[]) =>
  z
    .object({
      integration: z
        .string()
        .describe(`A predefined integration id: ${integrationIds.join(', ')}`)
        .optional(),
      unifiedApis: z
        .array(z.string().refine((name) => KNOWN_UNIFIED_APIS.includes(name), { message: 'unknown unified API name' }))
        .min(1, 'unifiedApis must name at least one unified API')
        .describe(
          'Unified API names to offer (issue-tracking, crm, messaging, file-storage, calendar, or any Apideck unified API id)',
        )
        .optional(),
      redirectUri: z
        .string()
        .url('redirectUri must be an absolute URL')
        .describe(
          'Where the user returns after authorizing: an https: URL (http: only to a loopback host on a development server)',
        )
        .optional(),
      vaultName: z.string().min(1).max(100).describe('Name shown in the authorization UI').optional(),
      primaryColor: z
        .string()
        .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'primaryColor must be a hex color such as #286efa')
        .describe('Hex color of the authorization UI')
        .optional(),
    })
    .strict();

const INTEGRATION = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    unifiedApi: { type: 'string' },
    description: { type: 'string' },
  },
  required: ['id', 'name', 'unifiedApi', 'description'],
};
/**
 * Vault authorization (`/auth`, spec: Document 2 section 4): the integrations a tenant may authorize,
 * and a Hosted Vault session for the tenant's `consumerId` created through Apideck. Both take
 * `X-API-KEY` (401 missing, 403 wrong) and `X-Tenant-Id` (404 unknown tenant).
 */
export const vaultAuthRoutes: RouteModule<
  CallerChecks & Pick<RouteContext, 'tenants' | 'clock' | 'windows' | 'manifests'>
> = (routes, app) => {
  const integrations = vaultIntegrationsOf(app.manifests.flatMap((manifest) => manifest.vault ?? []));
  const integrationIds = integrations.map((i) => i.id);
  const VaultSessionBody = vaultSessionBody(integrationIds);
  const apiKey = requireApiKey(app);
  const sessionLimit: RequestHandler = windowLimit({
    ...VAULT_SESSION_LIMIT,
    name: 'vault-session',
    clock: app.clock,
    windows: app.windows,
    message: `Too many vault sessions: ${VAULT_SESSION_LIMIT.limit} per 15 minutes per address`,
  });
  const common = {
    tag: 'vault',
    security: 'apiKey' as const,
    headers: [
      {
        name: 'X-Tenant-Id',
        required: true,
        schema: { type: 'string' },
        description: 'The tenant (400 when missing, 404 when unknown)',
      },
    ],
  };

  routes.add(
    {
      ...common,
      method: 'get',
      path: '/auth/integrations',
      operationId: 'listVaultIntegrations',
      summary: 'Integrations a tenant can authorize through the vault',
      description: `The six integrations with the unified API each goes through.`,
      response: tenantEnvelopeOf({
        type: 'object',
        properties: { integrations: { type: 'array', items: INTEGRATION } },
        required: ['integrations'],
      }),
    },
    apiKey,
    route(async (req, res) => {
      const tenant = await tenantOf(app, req);
      res.json(tenantEnvelope(app, tenant.id, { integrations }));
    }),
  );

  routes.add(
    {
      ...common,
      method: 'post',
      path: '/auth/vault-session',
      operationId: 'createVaultSession',
      summary: "Create a vault session for the tenant's consumer",
      description:
        `Offers one integration (\`integration\`), chosen unified APIs (\`unifiedApis\`), or every integration when both are omitted; ` +
        `an unknown integration is 400 INVALID_INTEGRATION. Send the user to \`sessionUri\`; they return to \`redirectUri\` when given. ` +
        `Limited to ${VAULT_SESSION_LIMIT.limit} requests per 15 minutes per address (429 with RateLimit headers).`,
      body: jsonSchemaOf(VaultSessionBody),
      status: 201,
      rateLimit: 'own',
      response: tenantEnvelopeOf(
        {
          type: 'object',
          properties: { sessionUri: { type: 'string', format: 'uri' }, consumerId: { type: 'string' } },
          required: ['sessionUri', 'consumerId'],
        },
        {
          integration: {
            type: ['string', 'null'],
            description: 'The integration asked for; null when the session offers chosen unified APIs or all',
          },
        },
      ),
    },
    sessionLimit,
    apiKey,
    route(async (req, res) => {
      const tenant = await tenantOf(app, req);
      const parsed = VaultSessionBody.safeParse(req.body ?? {});
      if (!parsed.success) throw validationError(parsed.error);
      const body = parsed.data;
      if (body.redirectUri !== undefined) redirectTarget(app.config, 'redirectUri', body.redirectUri);
      const integration =
        body.integration === undefined ? undefined : integrations.find((i) => i.id === body.integration);
      if (body.integration !== undefined && !integration) {
        throw new AppError(
          'INVALID_INTEGRATION',
          `Unsupported integration: ${body.integration}. Supported: ${integrationIds.join(', ')}`,
        );
      }
      const names =
        integration || body.unifiedApis
          ? [...(integration ? [integration.unifiedApi] : []), ...(body.unifiedApis ?? [])]
          : integrations.map((i) => i.unifiedApi);
      const client = await unifyClientFor(app, tenant.id);
      const sessionUri = await createVaultSession(client, {
        unifiedApis: [...new Set(names.map(apideckUnifiedApi))],
        redirectUri: body.redirectUri,
        vaultName: body.vaultName,
        primaryColor: body.primaryColor,
        accountName: tenant.name ?? undefined,
      });
      res
        .status(201)
        .json(
          tenantEnvelope(
            app,
            tenant.id,
            { sessionUri, consumerId: tenant.consumerId },
            { integration: body.integration ?? null },
          ),
        );
    }),
  );
};
