import type { Request, Router } from 'express';
import type { FakeContext } from '../fake-upstream.js';
import { isoMillis, notFound, pathParam, queryParam, sortBy } from '../kit/index.js';
import { connectionFor, type Consumers } from './consumers.js';
import { sendUnified, unifiedPage } from './envelope.js';
import { recordId } from './ids.js';
import { RESOURCES, validatedFields } from './records.js';
import { CRM_RESOURCES, crmOf, type CrmRecord, type CrmResource } from './state.js';

const SORTABLE = new Set(['created_at', 'updated_at', 'name', 'title']);

/** A deepObject parameter (`filter[email]=...`, `sort[by]=...`), whether Express parsed the brackets or not. */
function deepParam(req: Request, group: string, name: string): string | undefined {
  const nested: unknown = req.query[group];
  if (nested && typeof nested === 'object' && !Array.isArray(nested)) {
    const value = (nested as Record<string, unknown>)[name];
    if (typeof value === 'string') return value;
  }
  return queryParam(req, `${group}[${name}]`);
}

function sortOf(req: Request): { by: string; direction: 'asc' | 'desc' } | undefined {
  const by = deepParam(req, 'sort', 'by');
  if (!by || !SORTABLE.has(by)) return undefined;
  return { by, direction: deepParam(req, 'sort', 'direction') === 'desc' ? 'desc' : 'asc' };
}

/** Whether a record passes a filter: email against its addresses, other fields by case-insensitive containment. */
function matches(record: CrmRecord, field: string, wanted: string): boolean {
  const needle = wanted.toLowerCase();
  if (field === 'email')
    return (
      Array.isArray(record.emails) &&
      record.emails.some((e: { email?: unknown }) => String(e.email).toLowerCase() === needle)
    );
  const value = record[field];
  if (field.endsWith('_id')) return value === wanted;
  return typeof value === 'string' && value.toLowerCase().includes(needle);
}

/** The display name Apideck derives when a person's parts are given without `name`. */
function withName(
  resource: CrmResource,
  fields: Record<string, unknown>,
  current?: CrmRecord,
): Record<string, unknown> {
  if (resource !== 'contacts' && resource !== 'leads' && resource !== 'users') return fields;
  if (fields.name !== undefined || (fields.first_name === undefined && fields.last_name === undefined)) return fields;
  const first = fields.first_name ?? current?.first_name ?? '';
  const last = fields.last_name ?? current?.last_name ?? '';
  return { ...fields, name: `${String(first)} ${String(last)}`.trim() };
}

/**
 * The unified CRM (`/crm/{companies,contacts,opportunities,leads,users}`): list with cursor paging,
 * `filter[...]` and `sort[by|direction]`, create (201 `{id}`), get, update (PATCH) and delete, each
 * through the consumer's CRM connection, whose service id every answer names.
 */
export function crmRoutes(router: Router, consumers: Consumers, ctx: FakeContext): void {
  for (const resource of CRM_RESOURCES) {
    const spec = RESOURCES[resource];
    const target = (req: Request) => {
      const consumer = consumers.ofRequest(req);
      const { connector } = connectionFor(consumer, 'crm', req);
      return { consumer, records: crmOf(consumer, connector.serviceId)[resource], service: connector.serviceId };
    };
    const recordOf = (records: Map<string, CrmRecord>, req: Request): CrmRecord => {
      const record = records.get(pathParam(req, 'id'));
      if (!record)
        throw notFound('Unknown Resource', { details: `${resource} with id ${pathParam(req, 'id')} not found` });
      return record;
    };

    router.get(`/crm/${resource}`, (req, res) => {
      const { consumer, records, service } = target(req);
      if (resource === 'users') consumer.directoryReads = (consumer.directoryReads ?? 0) + 1;
      let rows = [...records.values()];
      const applied: string[] = [];
      for (const field of spec.filters) {
        const wanted = deepParam(req, 'filter', field);
        if (wanted === undefined || wanted === '') continue;
        rows = rows.filter((record) => matches(record, field, wanted));
        applied.push(`${field}=${wanted}`);
      }
      const sort = sortOf(req);
      if (sort) rows = sortBy(rows, (r) => String(r[sort.by] ?? ''), sort.direction);
      const scope = `${consumer.consumerId} ${service} ${resource} ${applied.join('&')} ${sort ? `${sort.by}:${sort.direction}` : ''}`;
      const page = unifiedPage(req, ctx.origin(), rows, scope);
      sendUnified(res, { service, resource, operation: 'all', data: page.items, meta: page.meta, links: page.links });
    });

    router.post(`/crm/${resource}`, (req, res) => {
      const { consumer, records, service } = target(req);
      const fields = withName(resource, validatedFields(resource, req.body, 'create'));
      const at = isoMillis(ctx.clock.now());
      const record: CrmRecord = {
        ...fields,
        id: recordId(service, resource, 100_000 + ++consumer.sequence),
        created_at: at,
        updated_at: at,
      };
      records.set(record.id, record);
      sendUnified(res, { status: 201, service, resource, operation: 'add', data: { id: record.id } });
    });

    router.get(`/crm/${resource}/:id`, (req, res) => {
      const { records, service } = target(req);
      sendUnified(res, { service, resource, operation: 'one', data: recordOf(records, req) });
    });

    router.patch(`/crm/${resource}/:id`, (req, res) => {
      const { records, service } = target(req);
      const current = recordOf(records, req);
      const fields = withName(resource, validatedFields(resource, req.body, 'update'), current);
      const updated: CrmRecord = {
        ...current,
        ...fields,
        id: current.id,
        created_at: current.created_at,
        updated_at: isoMillis(ctx.clock.now()),
      };
      for (const [field, value] of Object.entries(fields)) if (value === null) delete updated[field];
      records.set(current.id, updated);
      sendUnified(res, { service, resource, operation: 'update', data: { id: current.id } });
    });

    router.delete(`/crm/${resource}/:id`, (req, res) => {
      const { records, service } = target(req);
      const record = recordOf(records, req);
      records.delete(record.id);
      sendUnified(res, { service, resource, operation: 'delete', data: { id: record.id } });
    });
  }
}
