import { googleOAuth } from '../../src/integrations/google/oauth.js';
import { sendDetailError } from '../../src/http/detail-errors.js';
import type { ToolRouteFamily } from '../../src/http/tool-routes.js';

/**
 * The suite's REST family (Document 2, suite calendar, mail and chat): `{success, data, count}` for
 * lists, `{success, data}` for one record, failures in the `{detail}` form of its authorization. Lists
 * take the spec's `max_results` and every list tool's `limit`, `offset` and `cursor`, and say how to reach
 * the next page in `pagination` (`count` is the items of this page, as the spec has it).
 */
export const suiteFamily: ToolRouteFamily = {
  tag: 'suite',
  pages: true,
  respond: (data, res, result) =>
    void res.json(
      Array.isArray(data)
        ? { success: true, data, count: data.length, ...(result.pagination ? { pagination: result.pagination } : {}) }
        : { success: true, data },
    ),
  refuse: (app, res, thrown) => sendDetailError(app, res, thrown, googleOAuth.routes.errors),
};
