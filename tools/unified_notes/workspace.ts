import type { Client } from '@notionhq/client';
import { memoryOf, type ClientMemory } from '../../src/integrations/client-memory.js';
import type { UnifyClient } from '../../src/integrations/apideck/client.js';
import { AppError } from '../../src/toolkit/errors.js';
import type { PageRequest } from '../../src/toolkit/pagination.js';
import {
  dataSourceInfo,
  forObject,
  forPage,
  peopleOf,
  personIdsOf,
  REMEMBERED,
  withPeople,
  type DataSourceInfo,
  type NotionPerson,
} from '../notes/notion.js';
import { notionProperties } from '../notes/properties.js';
import { readWindow, type Window } from '../shared/cursor-window.js';
import { withNotion } from './notion-proxy.js';
import { commentOf, databaseIdOf, databaseOf, folderOf, isFolder, pageOf, type NotesPageDetail } from './records.js';

/** Notion's largest page of any list. */
const NOTION_MAX_PAGE = 100;

type Json = Record<string, unknown>;
const asJson = (value: unknown): Json => value as Json;
const compact = (id: string): string => id.replace(/-/g, '').toLowerCase();
const richText = (content: string) => [{ type: 'text' as const, text: { content } }];

/** One Notion list walked by its cursors as the family's offset window, each object kept mapped to its record. */
async function window<R>(
  page: PageRequest,
  list: (
    cursor: string | undefined,
    limit: number,
  ) => Promise<{ results: unknown[]; next_cursor: string | null; has_more: boolean }>,
  recordOf: (item: Json) => R,
  keep: (item: Json) => boolean = () => true,
): Promise<Window<R>> {
  const found = await readWindow<Json>(
    async (cursor, limit) => {
      const answer = await list(cursor, limit);
      return { records: answer.results.map(asJson).filter(keep), next: answer.has_more ? answer.next_cursor : null };
    },
    page,
    NOTION_MAX_PAGE,
  );
  return { ...found, records: found.records.map(recordOf) };
}

/** The first paragraph of a page's body: the family's page description. */
async function descriptionBlock(notion: Client, pageId: string): Promise<{ id: string; text: string } | undefined> {
  const children = await notion.blocks.children.list({ block_id: pageId, page_size: NOTION_MAX_PAGE });
  const first = children.results.map(asJson).find((block) => block.type === 'paragraph');
  if (!first) return undefined;
  const text = ((first.paragraph as { rich_text?: Array<{ plain_text?: string }> }).rich_text ?? [])
    .map((t) => t.plain_text ?? '')
    .join('');
  return { id: String(first.id), text };
}

interface PageFields {
  name?: string;
  description?: string;
  properties?: Record<string, unknown>;
  archived?: boolean;
}

/**
 * The tenant's connected notes workspace (Notion, through Apideck's Proxy API), in the family's terms:
 * databases and their pages, folders (pages outside databases) and comments. A page is reached through
 * its database: one of another database is not found, as it is not at that address.
 */
export class NotesWorkspace {
  /** What the tenant's Apideck client remembers of the connected workspace (people, data sources). */
  private readonly memory: ClientMemory;

  constructor(private readonly unify: UnifyClient) {
    this.memory = memoryOf(unify);
  }

  private run<T>(work: (notion: Client) => Promise<T>): Promise<T> {
    return withNotion(this.unify, work);
  }

  databases(page: PageRequest) {
    return this.run(async (notion) => {
      return window(
        page,
        (cursor, limit) =>
          notion.search({
            filter: { property: 'object', value: 'data_source' },
            start_cursor: cursor,
            page_size: limit,
          }),
        databaseOf,
      );
    });
  }

  pages(databaseId: string, page: PageRequest) {
    return this.run((notion) =>
      // Only reads: a refusal that shows the remembered data source changed runs it all again.
      this.memory.afresh(REMEMBERED.all, async () => {
        const [source] = await Promise.all([this.dataSourceOf(notion, databaseId), peopleOf(notion, this.memory)]);
        const found = await window(
          page,
          (cursor, limit) =>
            forObject(
              `Database ${databaseId}`,
              notion.dataSources.query({
                data_source_id: source.data_source_id,
                start_cursor: cursor,
                page_size: limit,
              }),
            ),
          (p) => p,
        );
        const people = await peopleOf(notion, this.memory, found.records.flatMap(personIdsOf));
        return { ...found, records: found.records.map((p) => pageOf(p, people)) };
      }),
    );
  }

  page(databaseId: string, pageId: string): Promise<NotesPageDetail> {
    return this.run(async (notion) => {
      const [page, people] = await withPeople(notion, this.memory, this.pageIn(notion, databaseId, pageId));
      return this.detail(notion, page, people);
    });
  }

  createPage(databaseId: string, fields: PageFields & { name: string }): Promise<NotesPageDetail> {
    return this.run(async (notion) => {
      const { source, people, properties } = await this.memory.afresh(REMEMBERED.all, async () => {
        const [source, people] = await Promise.all([
          this.dataSourceOf(notion, databaseId),
          peopleOf(notion, this.memory),
        ]);
        const title = source.properties.find((p) => p.type === 'title');
        if (!title) throw new AppError('UPSTREAM_REJECTED', `Database ${databaseId} has no title property`);
        return {
          source,
          people,
          properties: {
            ...notionProperties(source.properties, fields.properties ?? {}, people),
            [title.name]: { title: richText(fields.name) },
          },
        };
      });
      const children = fields.description
        ? [
            {
              object: 'block' as const,
              type: 'paragraph' as const,
              paragraph: { rich_text: richText(fields.description) },
            },
          ]
        : [];
      const created = await notion.pages.create({
        parent: { data_source_id: source.data_source_id },
        properties,
        children,
      } as Parameters<Client['pages']['create']>[0]);
      return this.detail(notion, asJson(created), people);
    });
  }

  updatePage(databaseId: string, pageId: string, fields: PageFields): Promise<NotesPageDetail> {
    return this.run(async (notion) => {
      const [current] = await Promise.all([
        this.pageIn(notion, databaseId, pageId),
        this.dataSourceOf(notion, databaseId),
        peopleOf(notion, this.memory),
      ]);
      const { people, properties } = await this.memory.afresh(REMEMBERED.all, async () => {
        const [source, people] = await Promise.all([
          this.dataSourceOf(notion, databaseId),
          peopleOf(notion, this.memory, personIdsOf(current)),
        ]);
        const title = source.properties.find((p) => p.type === 'title');
        const properties = {
          ...notionProperties(source.properties, fields.properties ?? {}, people),
          ...(fields.name !== undefined && title ? { [title.name]: { title: richText(fields.name) } } : {}),
        };
        return { people, properties };
      });
      const changed =
        Object.keys(properties).length > 0 || fields.archived !== undefined
          ? asJson(
              await notion.pages.update({
                page_id: String(current.id),
                ...(Object.keys(properties).length ? { properties } : {}),
                ...(fields.archived === undefined ? {} : { in_trash: fields.archived }),
              } as Parameters<Client['pages']['update']>[0]),
            )
          : current;
      if (fields.description !== undefined) await this.describe(notion, String(current.id), fields.description);
      return this.detail(notion, changed, people);
    });
  }

  folders(parentId: string | undefined, page: PageRequest) {
    return this.run(async (notion) => {
      const wanted = (item: Json) =>
        isFolder(item) && (parentId === undefined || compact(folderOf(item).parent_id ?? '') === compact(parentId));
      return window(
        page,
        (cursor, limit) =>
          notion.search({ filter: { property: 'object', value: 'page' }, start_cursor: cursor, page_size: limit }),
        folderOf,
        wanted,
      );
    });
  }

  createFolder(name: string, parentId: string | undefined) {
    return this.run(async (notion) => {
      if (parentId !== undefined) {
        const parent = asJson(await forPage(parentId, notion.pages.retrieve({ page_id: parentId })));
        if (!isFolder(parent))
          throw new AppError('VALIDATION_ERROR', `parent_id: ${parentId} is a page of a database, not a folder`);
      }
      const created = await notion.pages.create({
        parent: parentId === undefined ? { workspace: true } : { page_id: parentId },
        properties: { title: { title: richText(name) } },
      });
      return folderOf(asJson(created));
    });
  }

  comments(databaseId: string, pageId: string, page: PageRequest) {
    return this.run(async (notion) => {
      await Promise.all([this.pageIn(notion, databaseId, pageId), peopleOf(notion, this.memory)]);
      const found = await window(
        page,
        (cursor, limit) => notion.comments.list({ block_id: pageId, start_cursor: cursor, page_size: limit }),
        (c) => c,
      );
      const people = await peopleOf(notion, this.memory, found.records.flatMap(personIdsOf));
      return { ...found, records: found.records.map((c) => commentOf(c, people)) };
    });
  }

  addComment(databaseId: string, pageId: string, content: string, discussionId: string | undefined) {
    return this.run(async (notion) => {
      await this.pageIn(notion, databaseId, pageId);
      if (discussionId !== undefined) {
        const threads = await notion.comments.list({ block_id: pageId, page_size: NOTION_MAX_PAGE });
        if (!threads.results.some((c) => compact(asJson(c).discussion_id as string) === compact(discussionId)))
          throw new AppError('NOT_FOUND', `Discussion ${discussionId} is not on page ${pageId}`);
      }
      const target = discussionId === undefined ? { parent: { page_id: pageId } } : { discussion_id: discussionId };
      const [created, people] = await withPeople(
        notion,
        this.memory,
        notion.comments.create({ ...target, rich_text: richText(content) }),
      );
      return commentOf(asJson(created), people);
    });
  }

  /** The database's (first) data source, where its pages live and its columns are described. */
  private dataSourceOf(notion: Client, databaseId: string): Promise<DataSourceInfo> {
    return this.memory.recall(REMEMBERED.dataSource + compact(databaseId), () =>
      this.readDataSource(notion, databaseId),
    );
  }

  private async readDataSource(notion: Client, databaseId: string): Promise<DataSourceInfo> {
    const database = asJson(
      await forObject(`Database ${databaseId}`, notion.databases.retrieve({ database_id: databaseId })),
    );
    const first = (database.data_sources as Array<{ id: string }> | undefined)?.[0];
    if (!first) throw new AppError('NOT_FOUND', `Database ${databaseId} has no data source`);
    return dataSourceInfo(asJson(await notion.dataSources.retrieve({ data_source_id: first.id })));
  }

  private async pageIn(notion: Client, databaseId: string, pageId: string): Promise<Json> {
    const page = asJson(await forPage(pageId, notion.pages.retrieve({ page_id: pageId })));
    if (compact(databaseIdOf(page) ?? '') !== compact(databaseId))
      throw new AppError('NOT_FOUND', `Page ${pageId} is not in database ${databaseId}`);
    return page;
  }

  private async detail(
    notion: Client,
    page: Json,
    people: ReadonlyMap<string, NotionPerson>,
  ): Promise<NotesPageDetail> {
    const description = await descriptionBlock(notion, String(page.id));
    return { ...pageOf(page, people), description: description?.text ?? '' };
  }

  /** Rewrites the first paragraph of the body, or adds one when the page has none. */
  private async describe(notion: Client, pageId: string, text: string): Promise<void> {
    const current = await descriptionBlock(notion, pageId);
    if (current) await notion.blocks.update({ block_id: current.id, paragraph: { rich_text: richText(text) } });
    else
      await notion.blocks.children.append({
        block_id: pageId,
        children: [{ object: 'block', type: 'paragraph', paragraph: { rich_text: richText(text) } }],
      });
  }
}
