/** One Confluence user: the workspace's people (same humans as every fake) and the API token's bot. */
export interface ConfluenceUser {
  accountId: string;
  email: string;
  displayName: string;
}

export interface SpaceRecord {
  id: string;
  key: string;
  name: string;
  type: 'global' | 'personal';
  status: 'current' | 'archived';
  description: string;
  homepageId: string | null;
  authorId: string;
  createdAt: string;
}

/** One version of a page: what it was after that edit. */
interface PageVersion {
  number: number;
  title: string;
  body: string;
  authorId: string;
  createdAt: string;
  message: string;
}

export type PageStatus = 'current' | 'archived' | 'draft' | 'trashed';

export interface PageRecord {
  id: string;
  spaceId: string;
  parentId: string | null;
  status: PageStatus;
  /** The creator. */
  authorId: string;
  createdAt: string;
  /** Oldest first; the last is the page as it is. */
  versions: PageVersion[];
  labels: string[];
}

export interface CommentRecord {
  id: string;
  pageId: string;
  body: string;
  authorId: string;
  createdAt: string;
}

export interface AttachmentRecord {
  id: string;
  pageId: string;
  title: string;
  mediaType: string;
  fileSize: number;
  authorId: string;
  createdAt: string;
  version: number;
}

export interface LabelRecord {
  id: string;
  name: string;
  prefix: 'global' | 'my' | 'team';
}

export interface ConfluenceState {
  /** The account the API token belongs to. */
  bot: ConfluenceUser;
  users: ConfluenceUser[];
  spaces: Map<string, SpaceRecord>;
  pages: Map<string, PageRecord>;
  comments: CommentRecord[];
  attachments: AttachmentRecord[];
  labels: Map<string, LabelRecord>;
  /** User directory reads served (user search pages): tests count them to see a cache work. */
  directoryReads?: number;
  nextId(): string;
}

export const currentVersion = (page: PageRecord): PageVersion => page.versions[page.versions.length - 1];

export function userOf(state: ConfluenceState, accountId: string): ConfluenceUser | undefined {
  return accountId === state.bot.accountId ? state.bot : state.users.find((u) => u.accountId === accountId);
}

export function labelNamed(state: ConfluenceState, name: string): LabelRecord {
  let label = state.labels.get(name);
  if (!label) {
    label = { id: state.nextId(), name, prefix: 'global' };
    state.labels.set(name, label);
  }
  return label;
}
