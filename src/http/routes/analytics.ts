import type { Request } from 'express';
import { AppError } from '../../toolkit/errors.js';
import { RepoId } from '../../../tools/code_host/fields.js';
import { callerOf, requireCaller } from '../auth.js';
import { envelope } from '../envelope.js';
import { route } from '../errors.js';
import type { RouteModule } from '../route-module.js';

function single(req: Request, name: string): string | undefined {
  const value = req.query[name];
  if (value === undefined) return undefined;
  if (Array.isArray(value)) return value.map(String).join(',');
  if (typeof value !== 'string') throw new AppError('VALIDATION_ERROR', `${name} must be a string`);
  return value;
}

/** The query of `GET /analytics/dora` as get_dora_metrics arguments; 400 on anything malformed. */
function doraArgs(req: Request): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  const repoIds = single(req, 'repo_ids');
  if (repoIds !== undefined) {
    const ids = repoIds.split(',').map((id) => id.trim()).filter(Boolean);
    const bad = ids.filter((id) => !RepoId.safeParse(id).success);
    if (ids.length === 0 || bad.length > 0) {
      throw new AppError('VALIDATION_ERROR', `repo_ids must be comma-separated "owner/repo" values${bad.length ? `; invalid: ${bad.join(', ')}` : ''}`);
    }
    args.repo_ids = ids.join(',');
  }
  const days = single(req, 'time_period_days');
  if (days !== undefined) {
    if (!/^\d{1,3}$/.test(days) || Number(days) < 1 || Number(days) > 365) throw new AppError('VALIDATION_ERROR', 'time_period_days must be an integer from 1 to 365');
    args.time_period_days = Number(days);
  }
  const refresh = single(req, 'refresh');
  if (refresh !== undefined) {
    if (!['true', 'false', '1', '0'].includes(refresh)) throw new AppError('VALIDATION_ERROR', 'refresh must be true or false');
    args.refresh = refresh === 'true' || refresh === '1';
  }
  return args;
}

/**
 * `GET /analytics/dora?repo_ids=a/b,c/d&time_period_days=30&refresh=true`: get_dora_metrics through
 * the executor (validation, activity record, graph ingestion), served from the analytics cache unless
 * refresh is set. Answers the success envelope with the metrics and their `cache` block.
 */
export const analyticsRoutes: RouteModule = (router, app) => {
  router.get(
    '/analytics/dora',
    requireCaller(app),
    route(async (req, res) => {
      const caller = callerOf(res);
      const args = doraArgs(req);
      const tool = app.registry.find('get_dora_metrics', 'code_host');
      if (!tool) throw new AppError('NOT_FOUND', 'The code_host catalog has no get_dora_metrics tool');
      const result = await app.executor.execute(caller, tool, args);
      res.json(envelope(result, caller));
    }),
  );
};
