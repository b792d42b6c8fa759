import type { RouteModule } from '../../../src/http/route-module.js';
import { addToolRoutes, type ToolRouteContext } from '../../../src/http/tool-routes.js';
import { suiteFamily } from '../rest.js';

const CALENDAR = '/suite/calendar/calendars/{calendar_id}';
const EVENT = `${CALENDAR}/events/{event_id}`;
const WINDOW = ['time_min', 'time_max'] as const;

/** `/suite/calendar/*` (Document 2, suite calendar): each route one suite tool call. */
export const suiteCalendarRoutes: RouteModule<ToolRouteContext> = (routes, app) =>
  addToolRoutes(routes, app, suiteFamily, [
    {
      method: 'get',
      path: '/suite/calendar/events',
      operationId: 'listAllSuiteEvents',
      summary: 'Events of all the user’s calendars, sorted by start time',
      tool: 'suite.list_all_events',
      query: [...WINDOW, 'max_results_per_calendar'],
      data: (result) => result.events,
    },
    {
      method: 'get',
      path: '/suite/calendar/calendars',
      operationId: 'listSuiteCalendars',
      summary: 'The user’s calendars',
      tool: 'suite.list_calendars',
      data: (result) => result.calendars,
    },
    {
      method: 'get',
      path: CALENDAR,
      operationId: 'getSuiteCalendar',
      summary: 'One calendar (`primary` for the user’s own)',
      tool: 'suite.get_calendar',
    },
    {
      method: 'get',
      path: `${CALENDAR}/events`,
      operationId: 'listSuiteEvents',
      summary: 'Events of one calendar',
      tool: 'suite.list_events',
      query: [...WINDOW, 'max_results', 'order_by'],
      data: (result) => result.events,
    },
    { method: 'get', path: EVENT, operationId: 'getSuiteEvent', summary: 'One event', tool: 'suite.get_event' },
    {
      method: 'post',
      path: `${CALENDAR}/events`,
      operationId: 'createSuiteEvent',
      summary: 'Create an event',
      tool: 'suite.create_event',
      body: true,
    },
    {
      method: 'put',
      path: EVENT,
      operationId: 'updateSuiteEvent',
      summary: 'Update an event (fields not given keep their values)',
      tool: 'suite.update_event',
      body: true,
    },
    {
      method: 'delete',
      path: EVENT,
      operationId: 'deleteSuiteEvent',
      summary: 'Delete an event',
      tool: 'suite.delete_event',
    },
  ]);
