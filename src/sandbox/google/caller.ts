import type { Request, Response } from 'express';
import type { WorkspaceId } from '../credentials.js';
import type { FakeContext } from '../fake-upstream.js';
import { forbidden, workspaceOf } from '../kit/index.js';
import type { Person } from '../seed/people.js';
import type { GoogleState } from './state.js';

export type GoogleStates = Record<WorkspaceId, GoogleState>;

export interface GoogleCaller {
  state: GoogleState;
  person: Person;
  /** Granted scopes; undefined for the workspace's static token, which may do everything. */
  scopes?: string[];
}

/** Who calls: the person of the access token (the static sandbox token is the workspace's first person). */
export function callerOf(req: Request, res: Response, states: GoogleStates, ctx: FakeContext): GoogleCaller {
  const state = states[workspaceOf(res)];
  const token = req.get('authorization')?.replace(/^bearer\s+/i, '') ?? '';
  const grant = state.oauth.accessTokens.get(token);
  if (grant && grant.expiresAt > ctx.clock.now())
    return { state, person: state.people[grant.personIndex], scopes: grant.scopes };
  return { state, person: state.people[0] };
}

/** Google's 403 when the token carries none of the scopes the method accepts. */
export function requireScope(caller: GoogleCaller, accepted: readonly string[]): void {
  if (caller.scopes === undefined || accepted.some((scope) => caller.scopes!.includes(scope))) return;
  throw forbidden('Request had insufficient authentication scopes.', {
    code: 'PERMISSION_DENIED',
    details: [{ message: 'Insufficient Permission', domain: 'global', reason: 'insufficientPermissions' }],
  });
}

const AUTH = 'https://www.googleapis.com/auth/';
/** Scopes each kind of call accepts, as the discovery documents list them. */
export const SCOPES = {
  calendarRead: [
    `${AUTH}calendar`,
    `${AUTH}calendar.readonly`,
    `${AUTH}calendar.events`,
    `${AUTH}calendar.events.readonly`,
  ],
  calendarListRead: [
    `${AUTH}calendar`,
    `${AUTH}calendar.readonly`,
    `${AUTH}calendar.calendarlist`,
    `${AUTH}calendar.calendarlist.readonly`,
  ],
  calendarWrite: [`${AUTH}calendar`, `${AUTH}calendar.events`],
  freeBusy: [
    `${AUTH}calendar`,
    `${AUTH}calendar.readonly`,
    `${AUTH}calendar.freebusy`,
    `${AUTH}calendar.events.freebusy`,
  ],
} as const;
