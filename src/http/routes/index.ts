import type { RouteModule } from '../route-module.js';
import { adminRoutes } from './admin.js';
import { analyticsRoutes } from './analytics.js';
import { calendarRoutes } from './calendar.js';
import { catalogRoutes } from './catalog.js';
import { crmRoutes } from './crm.js';
import { teamChatRoutes } from './team-chat.js';
import { unifiedNotesRoutes } from './unified-notes.js';
import { demoRoute } from './demo.js';
import { documentRoutes } from './documents.js';
import { documentUploadSlots } from './document-upload-slots.js';
import { graphRoutes } from './graph.js';
import { homeRoute } from './home.js';
import { methodRoutes } from './methods.js';
import { authorizationRoutes } from './oauth-routes.js';
import { suiteMailRoutes } from './suite-mail.js';
import { suiteCalendarRoutes } from './suite-calendar.js';
import { suiteChatRoutes } from './suite-chat.js';
import { systemRoutes } from './system.js';
import { vaultAuthRoutes } from './vault-auth.js';

/** Every REST route group, in mounting order (explicit routes before generated method routes). */
export const ROUTE_MODULES: RouteModule[] = [
  homeRoute,
  systemRoutes,
  demoRoute,
  catalogRoutes,
  adminRoutes,
  analyticsRoutes,
  graphRoutes,
  documentUploadSlots,
  documentRoutes,
  vaultAuthRoutes,
  crmRoutes,
  calendarRoutes,
  teamChatRoutes,
  unifiedNotesRoutes,
  authorizationRoutes,
  suiteMailRoutes,
  suiteCalendarRoutes,
  suiteChatRoutes,
  methodRoutes,
];
