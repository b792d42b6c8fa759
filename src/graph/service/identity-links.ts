import { AppError } from '../../toolkit/errors.js';
import type { GraphService } from './graph-service.js';
import { entityNotFound } from './errors.js';
import { aliasOfIdentifier, identifiersOf, type IdentifierKind, type PersonIdentifier } from './identity-kinds.js';

/** An identifier to link to (or unlink from) the person known by `person` (any of their identifiers). */
export interface IdentityLinkRequest {
  person: string;
  kind: IdentifierKind;
  value: string;
}

export interface LinkedPerson {
  person: string;
  identities: PersonIdentifier[];
  /** The person node the identifier belonged to before, merged into this one by the link. */
  merged?: string;
}

/**
 * An admin's links between a person and their identifiers in each system. Linking an identifier another
 * person node holds says the two are one person: that node is merged into this one. Every link and unlink
 * is an activity record of the person.
 */
export class IdentityLinks {
  constructor(private readonly graph: GraphService) {}

  /** The identifiers of the person node `rowid`. */
  async identitiesOf(tenantId: string, rowid: number): Promise<PersonIdentifier[]> {
    return identifiersOf(await this.graph.storage.aliasLinksOf(tenantId, rowid));
  }

  async link(tenantId: string, request: IdentityLinkRequest, actor: string, epoch?: string): Promise<LinkedPerson> {
    const row = await this.graph.requireRow(tenantId, 'user', request.person);
    const alias = aliasOfIdentifier(request.kind, request.value);
    const now = this.graph.clock.now();
    const merged = await this.graph.storage.writeFor(tenantId, epoch, async (writes) => {
      const holder = (await writes.lookupAliases([alias])).get(alias);
      const other =
        holder !== undefined && holder !== row.id ? await this.graph.storage.nodeByRowid(tenantId, holder) : undefined;
      if (other) await writes.mergeNode(other.id, row.id, now);
      await writes.linkAliases([{ alias, method: 'manual', linkedAt: now }], row.id);
      return other?.node_id ?? null;
    });
    if (merged === undefined) throw new AppError('TENANT_NOT_FOUND', `Tenant ${tenantId} no longer exists`);
    await this.record(tenantId, 'identity_linked', actor, row.node_id, request, epoch, merged);
    return {
      person: row.node_id,
      identities: await this.identitiesOf(tenantId, row.id),
      ...(merged ? { merged } : {}),
    };
  }

  async unlink(tenantId: string, request: IdentityLinkRequest, actor: string, epoch?: string): Promise<LinkedPerson> {
    const row = await this.graph.requireRow(tenantId, 'user', request.person);
    const alias = aliasOfIdentifier(request.kind, request.value);
    const removed = await this.graph.storage.writeFor(tenantId, epoch, (writes) => writes.unlinkAlias(alias, row.id));
    if (!removed) throw entityNotFound('identity', `${request.kind}:${request.value} of ${row.node_id}`);
    await this.record(tenantId, 'identity_unlinked', actor, row.node_id, request, epoch, null);
    return { person: row.node_id, identities: await this.identitiesOf(tenantId, row.id) };
  }

  private async record(
    tenantId: string,
    action: string,
    actor: string,
    person: string,
    request: IdentityLinkRequest,
    epoch: string | undefined,
    merged: string | null,
  ): Promise<void> {
    await this.graph.recordActivity(
      tenantId,
      {
        action,
        actorType: 'admin',
        actorId: actor,
        targetType: 'user',
        targetId: person,
        properties: { kind: request.kind, value: request.value, ...(merged ? { merged } : {}) },
      },
      epoch,
    );
  }
}
