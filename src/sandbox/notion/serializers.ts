import { text } from './rich-text.js';
import type {
  BlockRecord,
  DatabaseRecord,
  DataSourceRecord,
  NotionState,
  NotionUser,
  PageRecord,
  PropertySchema,
} from './state.js';

const userRef = (id: string) => ({ object: 'user', id });
const compact = (id: string) => id.replace(/-/g, '');
const slug = (title: string) => title.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');

export function serializeUser(state: NotionState, user: NotionUser): Record<string, unknown> {
  const base = { object: 'user', id: user.id, name: user.name, avatar_url: null };
  if (user.type === 'bot')
    return {
      ...base,
      type: 'bot',
      bot: {
        owner: { type: 'workspace', workspace: true },
        workspace_name: state.workspace.orgName,
        workspace_limits: { max_file_upload_size_in_bytes: 5_242_880 },
      },
    };
  return { ...base, type: 'person', person: { email: user.email } };
}

/** The plain title of a page (its title property, whatever it is named). */
export function pageTitle(page: PageRecord): string {
  const title = Object.values(page.properties).find((value) => value.type === 'title');
  return ((title?.title as Array<{ plain_text: string }> | undefined) ?? []).map((t) => t.plain_text).join('');
}

export function serializePage(state: NotionState, page: PageRecord): Record<string, unknown> {
  const source = page.parent.type === 'data_source_id' ? state.dataSources.get(page.parent.data_source_id) : undefined;
  const properties = Object.fromEntries(
    Object.entries(page.properties).map(([name, value]) => [
      name,
      { id: source?.properties[name]?.id ?? 'title', ...value },
    ]),
  );
  return {
    object: 'page',
    id: page.id,
    created_time: page.createdTime,
    last_edited_time: page.lastEditedTime,
    created_by: userRef(page.createdBy),
    last_edited_by: userRef(page.lastEditedBy),
    cover: null,
    icon: null,
    parent: page.parent,
    archived: page.inTrash,
    is_archived: page.inTrash,
    in_trash: page.inTrash,
    is_locked: false,
    properties,
    url: `https://www.notion.so/${slug(pageTitle(page))}-${compact(page.id)}`,
    public_url: null,
  };
}

function propertyConfig(schema: PropertySchema): Record<string, unknown> {
  switch (schema.type) {
    case 'select':
    case 'multi_select':
      return { options: schema.options ?? [] };
    case 'number':
      return { format: 'number' };
    case 'relation':
      return { data_source_id: schema.relatedDataSourceId, type: 'single_property', single_property: {} };
    default:
      return {};
  }
}

/** Where a database sits: a page, or the workspace's top level. */
const databaseParent = (state: NotionState, databaseId: string) => {
  const pageId = state.databases.get(databaseId)?.parentPageId;
  return pageId ? { type: 'page_id', page_id: pageId } : { type: 'workspace', workspace: true };
};

export function serializeDataSource(state: NotionState, source: DataSourceRecord): Record<string, unknown> {
  const properties = Object.fromEntries(
    Object.values(source.properties).map((schema) => [
      schema.name,
      { id: schema.id, name: schema.name, description: '', type: schema.type, [schema.type]: propertyConfig(schema) },
    ]),
  );
  return {
    object: 'data_source',
    id: source.id,
    created_time: source.createdTime,
    last_edited_time: source.lastEditedTime,
    created_by: userRef(state.users[0].id),
    last_edited_by: userRef(state.users[0].id),
    title: [text(source.title)],
    description: [],
    icon: null,
    cover: null,
    properties,
    parent: { type: 'database_id', database_id: source.databaseId },
    database_parent: databaseParent(state, source.databaseId),
    is_inline: false,
    archived: false,
    in_trash: false,
    url: `https://www.notion.so/${compact(source.databaseId)}`,
    public_url: null,
  };
}

export function serializeDatabase(state: NotionState, database: DatabaseRecord): Record<string, unknown> {
  return {
    object: 'database',
    id: database.id,
    title: [text(database.title)],
    description: [text(database.description)],
    parent: databaseParent(state, database.id),
    is_inline: false,
    in_trash: false,
    is_locked: false,
    created_time: database.createdTime,
    last_edited_time: database.lastEditedTime,
    data_sources: database.dataSourceIds.map((id) => ({ id, name: state.dataSources.get(id)?.title ?? '' })),
    icon: null,
    cover: null,
    url: `https://www.notion.so/${compact(database.id)}`,
    public_url: null,
  };
}

export function serializeBlock(state: NotionState, block: BlockRecord): Record<string, unknown> {
  const parent = state.pages.has(block.parentId)
    ? { type: 'page_id', page_id: block.parentId }
    : { type: 'block_id', block_id: block.parentId };
  return {
    object: 'block',
    id: block.id,
    parent,
    created_time: block.createdTime,
    last_edited_time: block.lastEditedTime,
    created_by: userRef(block.createdBy),
    last_edited_by: userRef(block.createdBy),
    has_children: (state.children.get(block.id)?.length ?? 0) > 0,
    archived: block.inTrash,
    in_trash: block.inTrash,
    type: block.type,
    [block.type]: block.content,
  };
}
