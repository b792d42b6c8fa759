import type { RouteModule } from '../route-module.js';
import { addToolRoutes, type ToolRoute } from '../tool-routes.js';
import { queryOf, resultSchema, unifiedFamily } from '../unified-routes.js';
import { tenantEnvelopeOf } from './vault-auth.js';

const CALENDAR = '/calendar/calendars/{calendar_id}';
const EVENT = `${CALENDAR}/events/{event_id}`;

/**
 * `/calendar/*` (Document 2, calendar): calendars, events and free/busy of the provider the tenant
 * connected, each route one call of the calendar tool of the same purpose, for the tenant `X-Tenant-Id`
 * names. Event lists page as list tools do (`limit`, `cursor`) and take `time_min`, `time_max`, `q`.
 */
export const calendarRoutes: RouteModule = (routes, app) => {
  const one = (tool: string) => tenantEnvelopeOf(resultSchema(app, tool));
  const list: ToolRoute[] = [
    {
      method: 'get',
      path: '/calendar/calendars',
      operationId: 'listUnifiedCalendars',
      summary: 'List the connected calendars',
      tool: 'calendar.list_calendars',
      query: queryOf(app, 'calendar.list_calendars'),
      response: one('calendar.list_calendars'),
    },
    { method: 'get', path: CALENDAR, operationId: 'getUnifiedCalendar', summary: 'One calendar', tool: 'calendar.get_calendar', response: one('calendar.get_calendar') },
    {
      method: 'get',
      path: `${CALENDAR}/events`,
      operationId: 'listUnifiedEvents',
      summary: 'List events of a calendar, paged by cursor',
      tool: 'calendar.list_events',
      query: queryOf(app, 'calendar.list_events').filter((name) => name !== 'calendar_id'),
      response: one('calendar.list_events'),
    },
    {
      method: 'post',
      path: `${CALENDAR}/events`,
      operationId: 'createUnifiedEvent',
      summary: 'Create an event',
      tool: 'calendar.create_event',
      body: true,
      status: 201,
      response: one('calendar.create_event'),
    },
    { method: 'get', path: EVENT, operationId: 'getUnifiedEvent', summary: 'One event', tool: 'calendar.get_event', response: one('calendar.get_event') },
    {
      method: 'put',
      path: EVENT,
      operationId: 'updateUnifiedEvent',
      summary: 'Update an event (fields left out keep their values)',
      tool: 'calendar.update_event',
      body: true,
      response: one('calendar.update_event'),
    },
    { method: 'delete', path: EVENT, operationId: 'deleteUnifiedEvent', summary: 'Delete an event', tool: 'calendar.delete_event', response: one('calendar.delete_event') },
    {
      method: 'post',
      path: '/calendar/free-busy',
      operationId: 'getUnifiedFreeBusy',
      summary: 'Busy intervals of attendees in a window',
      tool: 'calendar.get_free_busy',
      body: true,
      response: one('calendar.get_free_busy'),
    },
  ];
  addToolRoutes(routes, app, unifiedFamily(app, 'calendar'), list);
};
