import { googleOAuth } from '../../src/integrations/google/oauth.js';
import { sendDetailError } from '../../src/http/detail-errors.js';
import type { ToolRouteFamily } from '../../src/http/tool-routes.js';

/**
 * The suite's REST family (Document 2, suite calendar, mail and chat): `{success, data, count}` for
 * lists, `{success, data}` for one record, failures in the `{detail}` form of its authorization.
 */
export const suiteFamily: ToolRouteFamily = {
  tag: 'suite',
  respond: (data, res) =>
    void res.json(Array.isArray(data) ? { success: true, data, count: data.length } : { success: true, data }),
  refuse: (app, res, thrown) => sendDetailError(app, res, thrown, googleOAuth.routes.errors),
};
