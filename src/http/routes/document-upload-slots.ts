import { resolveCaller } from '../auth.js';
import { sendDetailError } from '../detail-errors.js';
import type { CallerChecks, Logging, RouteContext } from '../route-context.js';
import type { RouteModule } from '../route-module.js';

/**
 * `POST /documents/upload` takes one of the tenant's upload slots before its multipart body is read,
 * so an upload counts from its first byte (a slow body holds its slot) until its answer is sent or
 * its connection closes. Past the tenant's limit: 429 with `Retry-After`, in the documents' `{detail}`
 * form, and the body is never read. Mounted ahead of the documents routes, which answer everything else.
 */
export const documentUploadSlots: RouteModule<CallerChecks & Logging & Pick<RouteContext, 'services'>> = (
  routes,
  app,
) => {
  const documents = app.services.documents;
  if (!documents) return;
  // A middleware rather than a route: the documents routes declare and serve the operation itself.
  routes.router.use('/documents/upload', (req, res, next) => {
    if (req.method !== 'POST' || req.path !== '/') return next();
    resolveCaller(app, req).then(
      (caller) => {
        let leave: () => void;
        try {
          leave = documents.policy.enter(caller.tenantId);
        } catch (error) {
          return sendDetailError(app, res, error, { authorizationStatus: 401 });
        }
        // A client gone while its caller was resolved has no close left to hear.
        if (req.socket.destroyed) return leave();
        res.once('close', leave);
        next();
      },
      // No caller: the documents routes refuse the token in their own form.
      () => next(),
    );
  });
};
