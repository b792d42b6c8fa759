import type {
  AttachmentRecord,
  CommentRecord,
  ConfluenceState,
  ConfluenceUser,
  PageRecord,
  SpaceRecord,
} from './state.js';
import { currentVersion, userOf } from './state.js';

const V2 = '/wiki/api/v2';

/** Plain text of a storage-format body, for search and excerpts. */
export const plainText = (storage: string): string =>
  storage
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, ' $1 ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

export function serializeSpaceV2(space: SpaceRecord, descriptionFormat?: string): Record<string, unknown> {
  return {
    id: space.id,
    key: space.key,
    name: space.name,
    type: space.type,
    status: space.status,
    authorId: space.authorId,
    createdAt: space.createdAt,
    homepageId: space.homepageId ?? undefined,
    ...(descriptionFormat === 'plain'
      ? { description: { plain: { value: space.description, representation: 'plain' } } }
      : {}),
    _links: { webui: `/spaces/${space.key}` },
  };
}

const versionOf = (page: PageRecord) => {
  const v = currentVersion(page);
  return { createdAt: v.createdAt, message: v.message, number: v.number, minorEdit: false, authorId: v.authorId };
};

export function serializePageV2(
  page: PageRecord,
  state: ConfluenceState,
  bodyFormat?: string,
): Record<string, unknown> {
  const space = state.spaces.get(page.spaceId);
  const v = currentVersion(page);
  return {
    id: page.id,
    status: page.status,
    title: v.title,
    spaceId: page.spaceId,
    parentId: page.parentId ?? undefined,
    parentType: page.parentId ? 'page' : undefined,
    authorId: page.authorId,
    ownerId: page.authorId,
    createdAt: page.createdAt,
    version: versionOf(page),
    body: bodyFormat === 'storage' ? { storage: { representation: 'storage', value: v.body } } : {},
    _links: {
      webui: `/spaces/${space?.key ?? ''}/pages/${page.id}`,
      editui: `/pages/resumedraft.action?draftId=${page.id}`,
      tinyui: `/x/${page.id}`,
    },
  };
}

export function serializeCommentV2(comment: CommentRecord, bodyFormat?: string): Record<string, unknown> {
  return {
    id: comment.id,
    status: 'current',
    title: 'Re: page',
    pageId: comment.pageId,
    version: { createdAt: comment.createdAt, message: '', number: 1, minorEdit: false, authorId: comment.authorId },
    body: bodyFormat === 'storage' ? { storage: { representation: 'storage', value: comment.body } } : {},
    _links: { webui: `/pages/viewpage.action?pageId=${comment.pageId}&focusedCommentId=${comment.id}` },
  };
}

export function serializeAttachmentV2(attachment: AttachmentRecord): Record<string, unknown> {
  const download = `/download/attachments/${attachment.pageId}/${encodeURIComponent(attachment.title)}?version=${attachment.version}&api=v2`;
  return {
    id: attachment.id,
    status: 'current',
    title: attachment.title,
    createdAt: attachment.createdAt,
    pageId: attachment.pageId,
    mediaType: attachment.mediaType,
    mediaTypeDescription: 'PNG Image',
    comment: '',
    fileId: `file-${attachment.id}`,
    fileSize: attachment.fileSize,
    webuiLink: `/pages/viewpageattachments.action?pageId=${attachment.pageId}&preview=${attachment.id}`,
    downloadLink: download,
    version: {
      createdAt: attachment.createdAt,
      message: '',
      number: attachment.version,
      minorEdit: false,
      authorId: attachment.authorId,
    },
    _links: { webui: `/pages/viewpageattachments.action?pageId=${attachment.pageId}`, download },
  };
}

/** A v1 user object (`/rest/api/user/current`, `/rest/api/search/user`). */
export function serializeUserV1(user: ConfluenceUser): Record<string, unknown> {
  return {
    type: 'known',
    accountId: user.accountId,
    accountType: 'atlassian',
    email: user.email,
    publicName: user.displayName,
    displayName: user.displayName,
    profilePicture: { path: `/wiki/aa-avatar/${user.accountId}`, width: 48, height: 48, isDefault: true },
    isExternalCollaborator: false,
    _links: { self: `/wiki/rest/api/user?accountId=${user.accountId}` },
  };
}

/** A v1 search result for a page (`/rest/api/search`). */
export function serializeSearchHit(page: PageRecord, state: ConfluenceState): Record<string, unknown> {
  const v = currentVersion(page);
  const space = state.spaces.get(page.spaceId);
  const author = userOf(state, page.authorId);
  return {
    content: {
      id: page.id,
      type: 'page',
      status: page.status,
      title: v.title,
      space: space
        ? {
            id: Number(space.id),
            key: space.key,
            name: space.name,
            type: space.type,
            status: space.status,
            _expandable: {},
            _links: {},
          }
        : undefined,
      history: { latest: true, createdBy: author ? serializeUserV1(author) : undefined, createdDate: page.createdAt },
      _expandable: {},
      _links: { webui: `/spaces/${space?.key ?? ''}/pages/${page.id}`, self: `${V2}/pages/${page.id}` },
    },
    title: v.title,
    excerpt: plainText(v.body).slice(0, 200),
    url: `/spaces/${space?.key ?? ''}/pages/${page.id}`,
    resultGlobalContainer: { title: space?.name ?? '', displayUrl: `/spaces/${space?.key ?? ''}` },
    entityType: 'content',
    breadcrumbs: [],
    iconCssClass: 'aui-icon content-type-page',
    lastModified: v.createdAt,
    friendlyLastModified: v.createdAt.slice(0, 10),
    score: 1,
  };
}
