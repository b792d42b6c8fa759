import { access } from './access.js';
import type { SystemManifest } from '../../src/catalog/manifest.js';
import type { SystemRecord } from '../../src/toolkit/registry.js';
import { vaultAuthRoutes } from '../../src/integrations/apideck/routes.js';
import { extractCalendar } from './extractor.js';
import { getCalendar, listCalendars } from './calendars.js';
import { createEvent, deleteEvent, getEvent, listEvents, updateEvent } from './events.js';
import { getFreeBusy } from './free-busy.js';
import { calendarRoutes } from './rest.js';
import { outline } from './outline.js';
import { phrasings } from './phrasings.js';

const calendarSystem: SystemRecord = {
  id: 'calendar',
  name: 'Calendar (unified: the tenant’s connected calendar)',
  description:
    "Calendars, events and free/busy of the calendar provider the tenant connected in the vault (Google Calendar), through the Apideck unified API's proxy. The user's own Google account is the suite system.",
  keywords: [
    'calendar',
    'team calendar',
    'unified calendar',
    'event',
    'meeting',
    'schedule',
    'free busy',
    'availability',
  ],
  when_to_use:
    "Questions about the tenant's connected (team) calendar and people's availability; the user's own Google calendar is suite.",
  search: {
    phrasings,
    names: ['team calendar', 'company calendar', 'shared calendar', 'workspace calendar', 'connected calendar'],
    account: 'tenant',
  },
};

/** The unified calendar as the `calendar` system: the same tools serve MCP and the `/calendar/*` routes. */
export const manifest: SystemManifest = {
  system: calendarSystem,
  tools: [listCalendars, getCalendar, listEvents, getEvent, createEvent, updateEvent, deleteEvent, getFreeBusy],
  ...access,
  vault: {
    integration: {
      id: 'calendar',
      name: 'Calendar',
      unifiedApi: 'calendar',
      description: 'Calendars, events and free-busy of the calendar (Google Calendar)',
    },
    position: 5,
  },
  rest: { routes: [calendarRoutes], upstreamRoutes: [vaultAuthRoutes], ownsBarePaths: true },
  extractor: extractCalendar,
  entityTypes: outline.entityTypes,
  synonyms: {
    availability: ['free', 'busy'],
    available: ['free', 'busy'],
    freebusy: ['free', 'busy'],
  },
};
