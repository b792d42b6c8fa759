import type { Client } from '@notionhq/client';
import { notionSdkIfLoaded } from '../../src/integrations/notion/client.js';
import type { ClientMemory } from '../../src/integrations/client-memory.js';
import { AppError } from '../../src/toolkit/errors.js';

/** A data source's column as the tools describe it. */
export interface PropertyInfo {
  name: string;
  type: string;
  /** select, multi_select, status: the option names. */
  options?: string[];
}

/** A database as the tools see it: its data source (where rows live) and the columns. */
export interface DataSourceInfo {
  database_id: string;
  data_source_id: string;
  title: string;
  properties: PropertyInfo[];
  url: string;
}

export interface NotionPerson {
  id: string;
  name: string;
  email: string | null;
}

type Json = Record<string, unknown>;
const plainText = (items: unknown): string =>
  ((items as Array<{ plain_text?: string }> | undefined) ?? []).map((t) => t.plain_text ?? '').join('');

export function dataSourceInfo(source: Json): DataSourceInfo {
  const properties = Object.values((source.properties ?? {}) as Record<string, Json>).map((p): PropertyInfo => {
    const config = p[p.type as string] as { options?: Array<{ name: string }> } | undefined;
    return {
      name: String(p.name),
      type: String(p.type),
      ...(config?.options ? { options: config.options.map((o) => o.name) } : {}),
    };
  });
  const parent = source.parent as { database_id?: string } | undefined;
  return {
    database_id: parent?.database_id ?? '',
    data_source_id: String(source.id),
    title: plainText(source.title),
    properties,
    url: String(source.url ?? ''),
  };
}

// The integration's client loads the SDK: an error it threw is that SDK's (the check never loads it).
const notFoundOf = (error: unknown): boolean => {
  const sdk = notionSdkIfLoaded();
  return sdk !== undefined && sdk.isHTTPResponseError(error) && error.status === 404;
};

/** What a Notion client remembers: the workspace's people, its data sources, and each one looked up by id. */
export const REMEMBERED = {
  all: 'notion:',
  people: 'notion:people',
  dataSources: 'notion:data-sources',
  dataSource: 'notion:data-source:',
} as const;

const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const compact = (id: string): string => id.replace(/-/g, '').toLowerCase();

/** A data source by its id, or a database's first data source by the database's id. */
async function dataSourceById(client: Client, id: string): Promise<DataSourceInfo> {
  try {
    return dataSourceInfo(await client.dataSources.retrieve({ data_source_id: id }));
  } catch (error) {
    if (!notFoundOf(error)) throw error;
  }
  try {
    const database = (await client.databases.retrieve({ database_id: id })) as unknown as {
      data_sources?: Array<{ id: string }>;
    };
    const first = database.data_sources?.[0];
    if (first) return dataSourceInfo(await client.dataSources.retrieve({ data_source_id: first.id }));
  } catch (error) {
    if (!notFoundOf(error)) throw error;
  }
  throw new AppError('NOT_FOUND', `Database ${id} not found (or not shared with the integration)`);
}

const titled = (sources: readonly DataSourceInfo[], wanted: string): DataSourceInfo | undefined =>
  sources.find((s) => s.title.toLowerCase() === wanted) ?? sources.find((s) => s.title.toLowerCase().includes(wanted));

/**
 * The data source a tool argument names: a data source id, a database id (its first data source), or
 * a database title (exact, then partial, case-insensitive). Unknown names list the databases there are.
 * Remembered for a short time; a title the remembered databases lack is looked up again once.
 */
export async function resolveDataSource(
  client: Client,
  memory: ClientMemory,
  reference: string,
): Promise<DataSourceInfo> {
  const ref = reference.trim();
  if (UUID.test(ref)) return memory.recall(REMEMBERED.dataSource + compact(ref), () => dataSourceById(client, ref));
  const wanted = ref.toLowerCase();
  const sources = await memory.recall(
    REMEMBERED.dataSources,
    () => listDataSources(client),
    (known) => !titled(known, wanted),
  );
  const match = titled(sources, wanted);
  if (!match)
    throw new AppError(
      'NOT_FOUND',
      `No database is named "${ref}". Databases: ${sources.map((s) => s.title).join(', ') || 'none shared with the integration'}`,
    );
  return match;
}

/** Every data source shared with the integration (search filtered on data sources, all pages). */
export async function listDataSources(client: Client): Promise<DataSourceInfo[]> {
  const out: DataSourceInfo[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.search({
      filter: { property: 'object', value: 'data_source' },
      start_cursor: cursor,
      page_size: 100,
    });
    out.push(...page.results.map((r) => dataSourceInfo(r as unknown as Json)));
    cursor = page.has_more ? (page.next_cursor ?? undefined) : undefined;
  } while (cursor);
  return out;
}

/** The workspace's people by id, with the ids pages named that the workspace's list lacks (guests, people who left). */
interface RememberedPeople {
  byId: Map<string, NotionPerson>;
  unlisted: Set<string>;
}

async function readPeople(client: Client): Promise<RememberedPeople> {
  const byId = new Map<string, NotionPerson>();
  let cursor: string | undefined;
  do {
    const page = await client.users.list({ start_cursor: cursor, page_size: 100 });
    for (const user of page.results as unknown as Array<{
      id: string;
      name?: string | null;
      type?: string;
      person?: { email?: string };
    }>) {
      byId.set(user.id, {
        id: user.id,
        name: user.name ?? '',
        email: user.type === 'person' ? (user.person?.email ?? null) : null,
      });
    }
    cursor = page.has_more ? (page.next_cursor ?? undefined) : undefined;
  } while (cursor);
  return { byId, unlisted: new Set() };
}

/**
 * The workspace's people by id (names and emails for people properties and mentions), remembered for a
 * short time. `naming`: the person ids an upstream answer names; one the remembered people lack reads
 * them again, once (an id still missing then is not looked for again while they are remembered).
 */
export async function peopleOf(
  client: Client,
  memory: ClientMemory,
  naming: readonly string[] = [],
): Promise<ReadonlyMap<string, NotionPerson>> {
  const unknown = (people: RememberedPeople) => naming.filter((id) => !people.byId.has(id) && !people.unlisted.has(id));
  const people = await memory.recall(
    REMEMBERED.people,
    () => readPeople(client),
    (known) => unknown(known).length > 0,
  );
  for (const id of unknown(people)) people.unlisted.add(id);
  return people.byId;
}

/** An object read beside the workspace's people, who then know everyone it names (see peopleOf). */
export async function withPeople<T extends object>(
  client: Client,
  memory: ClientMemory,
  request: Promise<T>,
): Promise<[T, ReadonlyMap<string, NotionPerson>]> {
  const [object] = await Promise.all([request, peopleOf(client, memory)]);
  return [object, await peopleOf(client, memory, personIdsOf(object as Json))];
}

/** The person ids a page or comment names: its people properties, its author and last editor. */
export function personIdsOf(object: Json): string[] {
  const ids = Object.values((object.properties ?? {}) as Record<string, Json>)
    .filter((p) => p.type === 'people')
    .flatMap((p) => ((p.people as Array<{ id?: unknown }> | null) ?? []).map((person) => person.id));
  const authors = [object.created_by, object.last_edited_by].map((user) => (user as { id?: unknown } | undefined)?.id);
  return [...ids, ...authors].filter((id): id is string => typeof id === 'string');
}

/** Reads a page id from a Notion URL or a bare id. */
export function pageIdOf(value: string): string {
  const hex = value.match(/([0-9a-f]{32})(?:[?#].*)?$/i)?.[1] ?? value.replace(/-/g, '');
  return /^[0-9a-f]{32}$/i.test(hex)
    ? `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
    : value;
}

/** Runs a Notion call for one object; its 404 names the object (`what`, e.g. "Page <id>"). */
export async function forObject<T>(what: string, request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (error) {
    if (notFoundOf(error))
      throw new AppError('NOT_FOUND', `${what} not found (or not shared with the integration)`, {
        upstreamStatus: 404,
        cause: error,
      });
    throw error;
  }
}

/** Runs a Notion call for one page; its 404 names the page. */
export const forPage = <T>(pageId: string, request: Promise<T>): Promise<T> => forObject(`Page ${pageId}`, request);
