import type { Response } from 'express';
import type { WorkspaceId } from '../credentials.js';
import { notFound, workspaceOf } from '../kit/index.js';
import type { ConfluenceState, PageRecord } from './state.js';

export type States = Record<WorkspaceId, ConfluenceState>;

export const stateOf = (states: States, res: Response): ConfluenceState => states[workspaceOf(res)];

/** A page that exists and is not in the trash (unless asked for): Confluence's 404 otherwise. */
export function livePage(state: ConfluenceState, id: string, allowTrashed = false): PageRecord {
  const page = state.pages.get(id);
  if (!page || (page.status === 'trashed' && !allowTrashed)) throw notFound(`No content found with id: ${id}`);
  return page;
}
