import { access } from './access.js';
import type { SystemManifest } from '../../src/catalog/manifest.js';
import type { SystemRecord } from '../../src/toolkit/registry.js';
import { getCalendar, listCalendars } from './calendar/calendars.js';
import { createEvent, deleteEvent, updateEvent } from './calendar/event-actions.js';
import { getEvent, listAllEvents, listEvents } from './calendar/events.js';
import { createMessage, deleteMessage, getMessage, listMessages, updateMessage } from './chat/messages.js';
import { getMember, getSpace, listMembers, listSpaces } from './chat/spaces.js';
import { mailTools } from './mail/index.js';
import { suiteCalendarRoutes } from './calendar/rest.js';
import { suiteChatRoutes } from './chat/rest.js';
import { suiteMailRoutes } from './mail/rest.js';
import { outline } from './outline.js';
import { extractSuite } from './extractor.js';
import { phrasings } from './phrasings.js';

const suiteSystem: SystemRecord = {
  id: 'suite',
  name: 'Suite (Google Workspace)',
  description:
    'The user’s own Google Calendar, Gmail and Google Chat, acting as the user after their one-time consent.',
  keywords: ['google', 'calendar', 'gmail', 'mail', 'email', 'inbox', 'google chat', 'meeting', 'event', 'schedule'],
  when_to_use:
    'Questions about the user’s own Google calendar, mail or Google Chat: meetings, free time, threads, sending mail, chat spaces.',
  search: { names: ['google', 'gmail', 'hangouts'], account: 'user', phrasings },
};

/** Google Workspace (Calendar v3, Gmail v1, Chat v1) for each user, as the `suite` system. */
export const manifest: SystemManifest = {
  system: suiteSystem,
  tools: [
    listCalendars,
    getCalendar,
    listEvents,
    listAllEvents,
    getEvent,
    createEvent,
    updateEvent,
    deleteEvent,
    ...mailTools,
    listSpaces,
    getSpace,
    listMessages,
    getMessage,
    createMessage,
    updateMessage,
    deleteMessage,
    listMembers,
    getMember,
  ],
  ...access,
  extractor: extractSuite,
  rest: { routes: [suiteMailRoutes, suiteCalendarRoutes, suiteChatRoutes] },
  entityTypes: outline.entityTypes,
  synonyms: {
    gmail: ['mail'],
    email: ['mail'],
    emails: ['mail'],
    meeting: ['event'],
    meetings: ['event'],
  },
};
