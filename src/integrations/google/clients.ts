import type { calendar_v3 } from '@googleapis/calendar';
import type { chat_v1 } from '@googleapis/chat';
import type { gmail_v1 } from '@googleapis/gmail';

/**
 * The Google APIs of the suite, each built on first use: googleapis-common costs ~370 ms to import, and
 * an MCP host spawns the server for every session.
 */
export interface GoogleClients {
  calendar(): Promise<calendar_v3.Calendar>;
  gmail(): Promise<gmail_v1.Gmail>;
  chat(): Promise<chat_v1.Chat>;
}
