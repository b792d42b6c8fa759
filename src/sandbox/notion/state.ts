import type { WorkspaceIdentity } from '../seed/people.js';

/** Notion's property types the sandbox serves (the ones the notes tools read and write). */
export type PropertyType =
  | 'title'
  | 'rich_text'
  | 'select'
  | 'multi_select'
  | 'status'
  | 'date'
  | 'people'
  | 'number'
  | 'checkbox'
  | 'relation'
  | 'url';

export interface SelectOption {
  id: string;
  name: string;
  color: string;
}

/** One column of a data source, as `GET /v1/data_sources/{id}` describes it. */
export interface PropertySchema {
  id: string;
  name: string;
  type: PropertyType;
  options?: SelectOption[];
  /** relation: the data source it points at. */
  relatedDataSourceId?: string;
}

/** Notion's value object of a property (`{type, [type]: ...}`), stored as the API returns it minus `id`. */
export type PropertyValue = { type: PropertyType } & Record<string, unknown>;

export interface RichTextItem {
  type: 'text' | 'mention';
  text?: { content: string; link: { url: string } | null };
  mention?: { type: 'user'; user: { object: 'user'; id: string } } | { type: 'page'; page: { id: string } };
  annotations: {
    bold: boolean;
    italic: boolean;
    strikethrough: boolean;
    underline: boolean;
    code: boolean;
    color: string;
  };
  plain_text: string;
  href: string | null;
}

export interface NotionUser {
  id: string;
  type: 'person' | 'bot';
  name: string;
  email?: string;
}

export type PageParent =
  | { type: 'data_source_id'; data_source_id: string; database_id: string }
  | { type: 'page_id'; page_id: string }
  | { type: 'workspace'; workspace: true };

export interface PageRecord {
  id: string;
  parent: PageParent;
  /** By property name; a page outside a data source has only `title`. */
  properties: Record<string, PropertyValue>;
  createdTime: string;
  lastEditedTime: string;
  createdBy: string;
  lastEditedBy: string;
  inTrash: boolean;
}

export interface DataSourceRecord {
  id: string;
  databaseId: string;
  title: string;
  /** By property name. */
  properties: Record<string, PropertySchema>;
  createdTime: string;
  lastEditedTime: string;
}

export interface DatabaseRecord {
  id: string;
  title: string;
  description: string;
  dataSourceIds: string[];
  parentPageId?: string;
  createdTime: string;
  lastEditedTime: string;
}

/** A block; its type-specific object (`paragraph: {rich_text, color}`) is `content`. */
export interface BlockRecord {
  id: string;
  type: string;
  content: Record<string, unknown>;
  parentId: string;
  createdTime: string;
  lastEditedTime: string;
  createdBy: string;
  inTrash: boolean;
}

/** A comment on a page (or a block), in a discussion thread. */
export interface CommentRecord {
  id: string;
  /** The page or block the discussion is on. */
  parentId: string;
  discussionId: string;
  richText: RichTextItem[];
  createdTime: string;
  createdBy: string;
}

/** One workspace's Notion, reached with its integration token. */
export interface NotionState {
  workspace: WorkspaceIdentity;
  bot: NotionUser;
  users: NotionUser[];
  databases: Map<string, DatabaseRecord>;
  dataSources: Map<string, DataSourceRecord>;
  pages: Map<string, PageRecord>;
  blocks: Map<string, BlockRecord>;
  /** Child block ids of a page or block, in order. */
  children: Map<string, string[]>;
  /** Oldest first. */
  comments: CommentRecord[];
  /** Makes ids for new objects (deterministic within a run). */
  nextId(): string;
  now: number;
}
