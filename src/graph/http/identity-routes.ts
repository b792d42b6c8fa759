import { z } from 'zod';
import { auditAdmin } from '../../http/audit-admin.js';
import { requireApiKey } from '../../http/auth.js';
import { graphBodyOf, jsonSchemaOf } from '../../http/doc-schemas.js';
import type { CallerChecks, RouteContext } from '../../http/route-context.js';
import type { Routes } from '../../http/route-module.js';
import type { GraphService } from '../service/graph-service.js';
import { IdentifierKindSchema } from '../service/identity-kinds.js';
import { IdentityLinks } from '../service/identity-links.js';
import { graphAnswer, parse } from './respond.js';

const IdentityLinkBody = z.object({
  tenant_id: z.string().min(1).describe('The tenant whose graph the person is in'),
  person: z.string().min(1).describe('Any identifier the person is known by: email, login, account id, node id'),
  kind: IdentifierKindSchema,
  value: z.string().trim().min(1).max(320).describe('The identifier in that system'),
});

/**
 * `POST /graph/identities/link` and `/unlink`: an admin (the API key) ties an identifier to a person or takes
 * it off. Each is an activity record of the person and an admin record of the tenant's audit log.
 */
export function mountIdentityRoutes(
  routes: Routes,
  app: CallerChecks & Pick<RouteContext, 'log' | 'governance'>,
  graph: GraphService,
): void {
  const links = new IdentityLinks(graph);
  const apiKey = requireApiKey(app);
  const doc = {
    method: 'post',
    tag: 'graph',
    security: 'apiKey',
    errors: 'graph',
    response: graphBodyOf(),
    body: jsonSchemaOf(IdentityLinkBody),
  } as const;
  for (const [verb, operationId, summary] of [
    ['link', 'graphLinkIdentity', 'Link an identifier to a person (merges the person node that held it)'],
    ['unlink', 'graphUnlinkIdentity', 'Remove an identifier from a person'],
  ] as const) {
    routes.add(
      { ...doc, path: `/identities/${verb}`, operationId, summary },
      apiKey,
      auditAdmin(app, operationId),
      graphAnswer(app, async (req) => {
        const { tenant_id, ...request } = parse(IdentityLinkBody, req.body);
        const person = await links[verb](tenant_id, request, 'api-key');
        return { success: true, data: person };
      }),
    );
  }
}
