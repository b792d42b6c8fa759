import type { Request, Response, Router } from 'express';
import type { WorkspaceId } from '../credentials.js';
import type { FakeContext } from '../fake-upstream.js';
import {
  cursorFields,
  cursorPage,
  invalid,
  jsonBody,
  notFound,
  pathParam,
  readCursorPage,
  workspaceOf,
} from '../kit/index.js';
import { requestRichText } from './request-blocks.js';
import { normalId } from './rich-text.js';
import { serializeBlock } from './serializers.js';
import type { CommentRecord, NotionState } from './state.js';

type States = Record<WorkspaceId, NotionState>;

const PAGE = { cursor: 'start_cursor', limit: 'page_size', defaultLimit: 100, maxLimit: 100 };

/** Block types whose text `PATCH /v1/blocks/{id}` may replace (Notion: "text for supported block types"). */
const TEXT_BLOCKS = new Set([
  'paragraph',
  'heading_1',
  'heading_2',
  'heading_3',
  'bulleted_list_item',
  'numbered_list_item',
  'to_do',
  'toggle',
  'quote',
  'callout',
  'code',
]);

function serializeComment(state: NotionState, comment: CommentRecord): Record<string, unknown> {
  const parent = state.pages.has(comment.parentId)
    ? { type: 'page_id', page_id: comment.parentId }
    : { type: 'block_id', block_id: comment.parentId };
  return {
    object: 'comment',
    id: comment.id,
    parent,
    discussion_id: comment.discussionId,
    created_time: comment.createdTime,
    last_edited_time: comment.createdTime,
    created_by: { object: 'user', id: comment.createdBy },
    rich_text: comment.richText,
  };
}

/**
 * Comments (`GET` and `POST /v1/comments`) and block updates (`PATCH` and `DELETE /v1/blocks/{id}`).
 * A comment on a page starts a discussion; one naming a `discussion_id` replies in it. Lists are oldest
 * first, as Notion returns them.
 */
export function notionCommentRoutes(router: Router, states: States, ctx: FakeContext): void {
  const stateOf = (res: Response): NotionState => states[workspaceOf(res)];
  const nowIso = (): string => new Date(ctx.clock.now()).toISOString();
  const liveTarget = (state: NotionState, id: string): string => {
    const page = state.pages.get(id);
    const block = state.blocks.get(id);
    if ((!page || page.inTrash) && (!block || block.inTrash))
      throw notFound(
        `Could not find block with ID: ${id}. Make sure the relevant pages and databases are shared with your integration.`,
      );
    return id;
  };

  router.get('/v1/comments', (req, res) => {
    const state = stateOf(res);
    const raw = req.query.block_id;
    if (typeof raw !== 'string' || !raw) throw invalid('block_id should be defined, instead was `undefined`.');
    const target = liveTarget(state, normalId(raw));
    const comments = state.comments.filter((c) => c.parentId === target).map((c) => serializeComment(state, c));
    const page = cursorPage(comments, readCursorPage(req.query, PAGE), `comments:${target}`);
    res.json({ object: 'list', results: page.items, ...cursorFields.notion(page), type: 'comment', comment: {} });
  });

  router.post('/v1/comments', (req, res) => {
    const state = stateOf(res);
    const body = jsonBody(req);
    const parent = body.parent as { page_id?: unknown } | undefined;
    const discussion = body.discussion_id;
    if ((parent === undefined) === (discussion === undefined))
      throw invalid('body should have exactly one of parent or discussion_id.');
    if (!Array.isArray(body.rich_text) || body.rich_text.length === 0)
      throw invalid('body.rich_text should be a non-empty array.');
    const richText = requestRichText(state, body.rich_text, 'body.rich_text');
    let parentId: string;
    let discussionId: string;
    if (typeof discussion === 'string') {
      const thread = state.comments.find((c) => c.discussionId === normalId(discussion));
      if (!thread) throw notFound(`Could not find discussion with ID: ${discussion}.`);
      [parentId, discussionId] = [thread.parentId, thread.discussionId];
    } else {
      if (typeof parent?.page_id !== 'string') throw invalid('body.parent.page_id should be a string.');
      parentId = liveTarget(state, normalId(parent.page_id));
      discussionId = state.nextId();
    }
    const comment: CommentRecord = {
      id: state.nextId(),
      parentId,
      discussionId,
      richText,
      createdTime: nowIso(),
      createdBy: state.bot.id,
    };
    state.comments.push(comment);
    res.json(serializeComment(state, comment));
  });

  const liveBlock = (req: Request, res: Response) => {
    const block = stateOf(res).blocks.get(normalId(pathParam(req, 'id')));
    if (!block || block.inTrash) throw notFound(`Could not find block with ID: ${pathParam(req, 'id')}.`);
    return block;
  };
  router.patch('/v1/blocks/:id', (req, res) => {
    const state = stateOf(res);
    const block = liveBlock(req, res);
    const body = jsonBody(req);
    const trashed = body.in_trash ?? body.archived;
    const update = body[block.type] as Record<string, unknown> | undefined;
    const other = Object.keys(body).find(
      (key) => key !== block.type && key !== 'in_trash' && key !== 'archived' && key !== 'type',
    );
    if (other) throw invalid(`body.${other} should not be present: the block is a ${block.type}.`);
    if (update !== undefined) {
      if (!TEXT_BLOCKS.has(block.type)) throw invalid(`Block type ${block.type} is not supported for text updates.`);
      if ('rich_text' in update)
        block.content = {
          ...block.content,
          rich_text: requestRichText(state, update.rich_text, `body.${block.type}.rich_text`),
        };
      if (block.type === 'to_do' && typeof update.checked === 'boolean')
        block.content = { ...block.content, checked: update.checked };
    }
    if (typeof trashed === 'boolean') block.inTrash = trashed;
    block.lastEditedTime = nowIso();
    res.json(serializeBlock(state, block));
  });
  router.delete('/v1/blocks/:id', (req, res) => {
    const block = liveBlock(req, res);
    block.inTrash = true;
    block.lastEditedTime = nowIso();
    res.json(serializeBlock(stateOf(res), block));
  });
}
