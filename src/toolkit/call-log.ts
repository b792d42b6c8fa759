/** How much a line about a call matters to the host that started it (the MCP logging levels we send). */
export type LogSeverity = 'debug' | 'info' | 'notice' | 'warning' | 'error';

/** Sends one line about a call in progress to whoever started it. */
export type CallLog = (level: LogSeverity, message: string, details?: Record<string, unknown>) => void;
