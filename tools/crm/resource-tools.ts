import { z } from 'zod';
import type { UnifyClient } from '../../src/integrations/apideck/client.js';
import type { Clock } from '../../src/toolkit/context.js';
import { defineTool, type ListPage, type LlmHints, type TypedTool } from '../../src/toolkit/define-tool.js';
import { AppError } from '../../src/toolkit/errors.js';
import { readWindow, windowListPage } from '../shared/cursor-window.js';
import type { UnifiedResource } from './apideck.js';
import { ownerEmails } from './users.js';

/** Apideck's largest page: a deep page is reached in as few calls as the unified API allows. */
const APIDECK_MAX_PAGE = 200;

type Shape = Record<string, z.ZodType>;

/** One crm resource as the tools see it: its Apideck calls, its record and body, and the words of its tools. */
/** A record of any crm resource: each has an owner, a CRM user. */
type OwnedRecord = { id: string; owner_id: string | null; owner_email: string | null };

interface CrmResourceSpec<M, I, F, R extends OwnedRecord> {
  /** `accounts`: the list key, the route segment and the tool names' noun. */
  plural: string;
  singular: string;
  /** What the CRM calls it, for descriptions ("companies in Apideck"). */
  upstreamName: string;
  api: UnifiedResource<M, I, F>;
  record: z.ZodType<R>;
  recordOf(model: M): R;
  /** The create body (camelCase); an update takes the same fields, all optional. */
  body: Shape;
  toInput(body: Record<string, unknown>): I;
  /**
   * The body fields an update sends back unchanged: `@apideck/unify` types an update with the create
   * model, whose required field (a company's name, a deal's title) it checks before sending.
   */
  keep?: (current: R) => Record<string, unknown>;
  /** Body field → record field, for `verify` (what was sent must be what is stored). */
  echoes: Readonly<Record<string, keyof R & string>>;
  /** List filters (snake_case arguments) and how Apideck's filter is made of them. */
  filters: Shape;
  filterOf(args: Record<string, unknown>): F | undefined;
  hints: Record<'list' | 'get' | 'create' | 'update', LlmHints>;
}

/** `an account`, `a contact`. */
const article = (noun: string): string => `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;

/** The first field whose stored value differs from what was sent, or undefined. */
function mismatch<R>(
  record: R,
  body: Record<string, unknown>,
  echoes: Readonly<Record<string, string>>,
): string | undefined {
  for (const [field, stored] of Object.entries(echoes)) {
    const sent = body[field];
    const kept = (record as Record<string, unknown>)[stored];
    if (sent !== undefined && sent !== kept) return `${stored} is ${JSON.stringify(kept)}, not ${JSON.stringify(sent)}`;
  }
  return undefined;
}

const IdArg = (singular: string) =>
  z.string().trim().min(1).max(100).describe(`The ${singular} id (from crm list or create)`);

/** The list, get, create and update tools of one crm resource; REST routes call the same tools. */
export function crmResourceTools<M, I, F, R extends OwnedRecord>(spec: CrmResourceSpec<M, I, F, R>) {
  const { plural, singular, api } = spec;
  const title = singular[0].toUpperCase() + singular.slice(1);
  /** The record with its owner's email, where the CRM's user directory gives one. */
  const ownedRecordOf = (model: M, emails: ReadonlyMap<string, string>): R => {
    const record = spec.recordOf(model);
    const email = record.owner_id ? emails.get(record.owner_id) : undefined;
    return email ? { ...record, owner_email: email } : record;
  };
  const fetchOne = async (client: UnifyClient, clock: Clock, id: string): Promise<R> => {
    try {
      const [model, emails] = await Promise.all([api.get(client, id), ownerEmails(client, clock)]);
      return ownedRecordOf(model, emails);
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND')
        throw new AppError('NOT_FOUND', `${title} ${id} not found`, {
          upstreamStatus: error.upstreamStatus,
          cause: error,
        });
      throw error;
    }
  };
  const updateShape = Object.fromEntries(Object.entries(spec.body).map(([name, schema]) => [name, schema.optional()]));

  const list = defineTool({
    system: 'crm',
    name: `list_${plural}`,
    title: `List CRM ${plural}`,
    description: `List ${plural} (${spec.upstreamName} in the tenant's connected CRM, through the unified API), in the CRM's order, one page at a time: repeat with cursor = pagination.next_cursor while has_more.`,
    capability: { type: 'read', name: `crm.${plural}.list` },
    input: z.object(spec.filters),
    list: { key: plural, defaultLimit: 30 },
    item: spec.record,
    hints: spec.hints.list,
    async run({ client, clock, args, page }): Promise<ListPage<R>> {
      const unify = client('unify');
      const filter = spec.filterOf(args);
      const [window, emails] = await Promise.all([
        readWindow((cursor, limit) => api.list(unify, { cursor, limit, filter }), page, APIDECK_MAX_PAGE),
        ownerEmails(unify, clock),
      ]);
      return windowListPage(window, page, (m) => ownedRecordOf(m, emails));
    },
  });

  const get = defineTool({
    system: 'crm',
    name: `get_${singular}`,
    title: `Get a CRM ${singular}`,
    description: `Get one ${singular} of the tenant's connected CRM by id.`,
    capability: { type: 'read', name: `crm.${plural}.get` },
    input: z.object({ id: IdArg(singular) }),
    output: spec.record,
    hints: spec.hints.get,
    target: (args) => ({ type: `crm_${singular}`, id: args.id }),
    run: async ({ client, clock, args }) =>
      (await fetchOne(client('unify'), clock, args.id)) as R & Record<string, unknown>,
  });

  const create = defineTool({
    system: 'crm',
    name: `create_${singular}`,
    title: `Create a CRM ${singular}`,
    description: `Create ${article(singular)} in the tenant's connected CRM; returns the stored record. Not idempotent: a failed call is never resent automatically.`,
    capability: { type: 'action', name: `crm.${plural}.create`, idempotent: false },
    input: z.object(spec.body),
    output: spec.record,
    hints: spec.hints.create,
    verify: (result, args) => mismatch(result, args, spec.echoes),
    async run({ client, clock, args }) {
      const unify = client('unify');
      const id = await api.create(unify, spec.toInput(args));
      return await fetchOne(unify, clock, id);
    },
  });

  const update = defineTool({
    system: 'crm',
    name: `update_${singular}`,
    title: `Update a CRM ${singular}`,
    description: `Change fields of ${article(singular)} in the tenant's connected CRM; fields left out keep their values. Returns the stored record.`,
    capability: { type: 'action', name: `crm.${plural}.update`, idempotent: true, destructive: true },
    input: z.object({ id: IdArg(singular), ...updateShape }),
    output: spec.record,
    hints: spec.hints.update,
    target: (args) => ({ type: `crm_${singular}`, id: args.id }),
    verify: (result, args) => mismatch(result, args, spec.echoes),
    async run({ client, clock, args }) {
      const { id, ...changes } = args;
      if (Object.values(changes).every((value) => value === undefined)) {
        throw new AppError(
          'VALIDATION_ERROR',
          `Nothing to change: give at least one of ${Object.keys(spec.body).join(', ')}`,
        );
      }
      const unify = client('unify');
      const current = await fetchOne(unify, clock, id);
      await api.update(unify, id, spec.toInput({ ...spec.keep?.(current), ...changes }));
      return await fetchOne(unify, clock, id);
    },
  });

  return { list: list as TypedTool<Record<string, unknown>, Record<string, R[]>>, get, create, update };
}
