import { authorizationFamiliesOf, type AuthorizationFamily } from '../../auth/oauth/upstream.js';
import type { RouteContext } from '../route-context.js';
import type { RouteModule } from '../route-module.js';
import { appInstallRoutes } from './app-install-routes.js';
import { addCallbackRoute, familyRouteContext, type AuthorizationRouteDeps } from './authorization-routes.js';
import { consentLinkRoutes } from './consent-link-routes.js';

const FORMS = { 'consent-link': consentLinkRoutes, 'app-install': appInstallRoutes };

/**
 * `/oauth/<family>/*`: one user's authorization of the family's upstream (authorize, callback, status,
 * revoke), in the form its upstream declares, failures in the family's error form.
 */
const oauthRoutes =
  (authorization: AuthorizationFamily): RouteModule<AuthorizationRouteDeps> =>
  (routes, app) => {
    const context = familyRouteContext(app, authorization);
    const form = FORMS[authorization.upstream.routes.shape];
    form.authorize(routes, context);
    addCallbackRoute(routes, context);
    form.status(routes, context);
    form.revoke(routes, context);
  };

/** The authorization routes of every system that has per-user authorization. */
export const authorizationRoutes: RouteModule<AuthorizationRouteDeps & Pick<RouteContext, 'manifests'>> = (
  routes,
  app,
) => {
  for (const authorization of authorizationFamiliesOf(app.manifests)) oauthRoutes(authorization)(routes, app);
};
