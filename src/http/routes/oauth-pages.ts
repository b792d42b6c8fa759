const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page a user lands on after consenting: which account is now connected, and that the tab can close. */
export const successPage = (email: string, provider: string): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${provider} connected</title></head>
<body><h1>${provider} is connected</h1><p>Constellation can now act for <strong>${escapeHtml(email)}</strong>. You can close this window and return to your assistant.</p></body></html>`;

/** A non-empty string query parameter, trimmed. */
export const queryText = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);
