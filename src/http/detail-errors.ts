import type { Response } from 'express';
import { requestError, shownError } from '../toolkit/request-errors.js';
import { setRetryAfter } from './errors.js';
import type { Logging } from './route-context.js';

/** How a per-user family (suite, chat) spells its failures (Document 2, Errors). */
interface DetailForm {
  /** Status of "the user must authorize first": 401 for the suite, 407 for chat. */
  authorizationStatus: number;
  /** Added to object details (`system: chat`); named failures such as `email_mismatch` become objects too. */
  system?: string;
}

/**
 * The `{detail}` error form: `{detail: {action: oauth_required, message, auth_url}}` when the user
 * must authorize, named failures as `{detail: {error, message, system}}` for families that name them,
 * `{detail: <string>}` otherwise, provider errors with the provider's status.
 */
export function sendDetailError(app: Logging, res: Response, thrown: unknown, form: DetailForm): void {
  if (res.headersSent) return;
  const error = shownError(requestError(thrown), app.log);
  setRetryAfter(res, error);
  const details = (error.details ?? {}) as { reason?: string; auth_url?: string };
  const system = form.system ? { system: form.system } : {};
  if (error.code === 'AUTHORIZATION_REQUIRED') {
    return void res
      .status(form.authorizationStatus)
      .json({ detail: { action: 'oauth_required', message: error.message, auth_url: details.auth_url, ...system } });
  }
  if (form.system && details.reason)
    return void res.status(error.status).json({ detail: { error: details.reason, message: error.message, ...system } });
  res.status(error.upstreamStatus ?? error.status).json({ detail: error.message });
}
