import type { calendar_v3 } from '@googleapis/calendar';
import { upstreamError } from '../../src/integrations/http-status.js';
import type { UnifyClient } from '../../src/integrations/apideck/client.js';
import { withConnectedProvider, type FamilyProvider } from '../../src/integrations/apideck/connection.js';
import { proxyRequest, type ProxyRequest } from '../../src/integrations/apideck/proxy.js';

/** Google Calendar's largest page of calendar-list entries and of events. */
export const GOOGLE_MAX_CALENDARS = 250;
export const GOOGLE_MAX_EVENTS = 2500;

const TITLE = 'Google Calendar';
const GOOGLE_CALENDAR: FamilyProvider = { service: 'google-calendar', name: TITLE, family: 'calendar' };

/** A Google error body: `{error: {code, message, errors: [...]}}`. */
const messageOf = (body: unknown): string | undefined => {
  const error = (body as { error?: { message?: unknown } } | undefined)?.error;
  return typeof error?.message === 'string' ? error.message : undefined;
};

/**
 * Calendar v3 of the provider the tenant connected for Apideck's `calendar` API, through the Proxy API.
 * Only Google Calendar is spoken: another connected provider is NOT_CONFIGURED (naming it). The
 * provider's refusals map through the shared status table (404, 400 VALIDATION_ERROR, 429, 5xx as 502).
 */
export class GoogleCalendarProxy {
  constructor(private readonly client: UnifyClient) {}

  private call<T>(request: Omit<ProxyRequest, 'serviceId'>): Promise<T> {
    return withConnectedProvider(this.client, 'calendar', GOOGLE_CALENDAR, async () => {
      const answer = await proxyRequest(this.client, { serviceId: GOOGLE_CALENDAR.service, ...request });
      if (answer.status >= 400) {
        throw upstreamError(
          {
            status: answer.status,
            headers: answer.headers,
            message: messageOf(answer.body),
            details: { provider: GOOGLE_CALENDAR.service },
          },
          TITLE,
        );
      }
      return answer.body as T;
    });
  }

  calendarList(pageToken: string | undefined, maxResults: number): Promise<calendar_v3.Schema$CalendarList> {
    return this.call({ path: `/users/me/calendarList${query({ pageToken, maxResults })}` });
  }

  calendar(calendarId: string): Promise<calendar_v3.Schema$CalendarListEntry> {
    return this.call({ path: `/users/me/calendarList/${encodeURIComponent(calendarId)}` });
  }

  events(
    calendarId: string,
    params: { pageToken?: string; maxResults: number; timeMin?: string; timeMax?: string; q?: string },
  ): Promise<calendar_v3.Schema$Events> {
    // One row per occurrence, in start order: the unified record is an occurrence, not a series.
    return this.call({
      path: `/calendars/${encodeURIComponent(calendarId)}/events${query({ ...params, singleEvents: 'true', orderBy: 'startTime' })}`,
    });
  }

  event(calendarId: string, eventId: string): Promise<calendar_v3.Schema$Event> {
    return this.call({ path: eventPath(calendarId, eventId) });
  }

  createEvent(calendarId: string, event: calendar_v3.Schema$Event): Promise<calendar_v3.Schema$Event> {
    return this.call({ method: 'POST', path: `/calendars/${encodeURIComponent(calendarId)}/events`, body: event });
  }

  /** PATCH semantics: the fields sent change, the others keep their values. */
  patchEvent(
    calendarId: string,
    eventId: string,
    changes: calendar_v3.Schema$Event,
  ): Promise<calendar_v3.Schema$Event> {
    return this.call({ method: 'PATCH', path: eventPath(calendarId, eventId), body: changes });
  }

  async deleteEvent(calendarId: string, eventId: string): Promise<void> {
    await this.call({ method: 'DELETE', path: eventPath(calendarId, eventId) });
  }

  freeBusy(request: calendar_v3.Schema$FreeBusyRequest): Promise<calendar_v3.Schema$FreeBusyResponse> {
    return this.call({ method: 'POST', path: '/freeBusy', body: request });
  }
}

const eventPath = (calendarId: string, eventId: string) =>
  `/calendars/${encodeURIComponent(calendarId)}/events/${encodeURIComponent(eventId)}`;

function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) search.set(name, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}
