import type { RouteModule } from '../../src/http/route-module.js';
import { addToolRoutes, type ToolRouteContext } from '../../src/http/tool-routes.js';
import { unifiedFamily, unifiedToolRoutes } from '../../src/integrations/apideck/rest.js';

const CALENDAR = '/calendar/calendars/{calendar_id}';
const EVENT = `${CALENDAR}/events/{event_id}`;

/**
 * `/calendar/*` (Document 2, calendar): calendars, events and free/busy of the provider the tenant
 * connected, each route one call of the calendar tool of the same purpose, for the tenant `X-Tenant-Id`
 * names. Event lists page as list tools do (`limit`, `cursor`) and take `time_min`, `time_max`, `q`.
 */
export const calendarRoutes: RouteModule<ToolRouteContext> = (routes, app) => {
  const { read, write } = unifiedToolRoutes(app, 'calendar');
  const freeBusy = write(
    'post',
    'get_free_busy',
    '/calendar/free-busy',
    'getUnifiedFreeBusy',
    'Busy intervals of attendees in a window',
  );
  addToolRoutes(routes, app, unifiedFamily(app, 'calendar'), [
    read('list_calendars', '/calendar/calendars', 'listUnifiedCalendars', 'List the connected calendars'),
    read('get_calendar', CALENDAR, 'getUnifiedCalendar', 'One calendar'),
    read('list_events', `${CALENDAR}/events`, 'listUnifiedEvents', 'List events of a calendar, paged by cursor'),
    write('post', 'create_event', `${CALENDAR}/events`, 'createUnifiedEvent', 'Create an event'),
    read('get_event', EVENT, 'getUnifiedEvent', 'One event'),
    write('put', 'update_event', EVENT, 'updateUnifiedEvent', 'Update an event (fields left out keep their values)'),
    write('delete', 'delete_event', EVENT, 'deleteUnifiedEvent', 'Delete an event'),
    // A query, not a creation: POST for its body, answered 200.
    { ...freeBusy, status: undefined },
  ]);
};
