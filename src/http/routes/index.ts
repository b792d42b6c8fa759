import type { RouteModule } from '../route-module.js';
import { adminRoutes } from './admin.js';
import { auditRoutes } from './audit.js';
import { catalogRoutes } from './catalog.js';
import { confirmationRoutes } from './confirmations.js';
import { authorizationRoutes } from './oauth-routes.js';
import { demoRoute } from './demo.js';
import { documentRoutes } from './documents.js';
import { documentUploadSlots } from './document-upload-slots.js';
import { homeRoute } from './home.js';
import { methodRoutes } from './methods.js';
import { policyRoutes } from './policy.js';
import { syncRoutes } from './sync.js';
import { systemRoutes } from './system.js';

/** The REST family of every system that brings one (its manifest's `rest.routes`), in catalog order. */
const systemRestFamilies: RouteModule = (routes, app) => {
  for (const manifest of app.manifests) for (const mount of manifest.rest?.routes ?? []) mount(routes, app);
};

/** The routes of the upstreams systems reach (their manifests' `rest.upstreamRoutes`), each once, in catalog order. */
const upstreamRoutes: RouteModule = (routes, app) => {
  for (const mount of new Set(app.manifests.flatMap((manifest) => manifest.rest?.upstreamRoutes ?? [])))
    mount(routes, app);
};

/** Every REST route group, in mounting order (explicit routes before generated method routes). */
export const ROUTE_MODULES: RouteModule[] = [
  homeRoute,
  systemRoutes,
  demoRoute,
  catalogRoutes,
  adminRoutes,
  auditRoutes,
  confirmationRoutes,
  policyRoutes,
  syncRoutes,
  documentUploadSlots,
  documentRoutes,
  upstreamRoutes,
  authorizationRoutes,
  systemRestFamilies,
  methodRoutes,
];
