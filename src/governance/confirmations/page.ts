import { escapeHtml } from '../../toolkit/html.js';
import type { Confirmation } from './store.js';

/** One small page: a heading, a paragraph or two, and what else the state needs (a form). */
const page = (title: string, body: string): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<meta name="referrer" content="no-referrer"><title>${escapeHtml(title)}</title></head>
<body><h1>${escapeHtml(title)}</h1>
${body}
</body></html>
`;

const paragraph = (text: string): string => `<p>${escapeHtml(text)}</p>`;

/** Where a confirmation stands, as a person reads it; undefined while it can still be decided. */
export function closedState(confirmation: Confirmation, now: number): { title: string; text: string } | undefined {
  if (confirmation.usedAt !== undefined)
    return { title: 'Already done', text: 'This confirmation was used: the action ran once.' };
  if (confirmation.status === 'confirmed')
    return { title: 'Confirmed', text: 'You confirmed this action. The assistant may now send the same call again.' };
  if (confirmation.status === 'declined')
    return { title: 'Declined', text: 'You declined this action: it will not run.' };
  if (confirmation.expiresAt <= now)
    return { title: 'Expired', text: 'This confirmation has expired. Ask your assistant to try again for a new one.' };
  return undefined;
}

/** A page that only says something: not found, another person's, closed. */
export const messagePage = (title: string, text: string): string => page(title, paragraph(text));

/** Asked without credentials: say whose it is to decide, and let them sign in with their token (never in the URL). */
export const signInPage = (action: string): string =>
  page(
    'Sign in to review this action',
    `${paragraph('An assistant asked to run an action that needs the confirmation of the person it acts for. Sign in with your Constellation token to see what it is and to confirm or decline it.')}
<form method="post" action="${escapeHtml(action)}">
<label>Your Constellation token <input type="password" name="access_token" autocomplete="off" required></label>
<button type="submit">Review</button>
</form>`,
  );

/** The action, its arguments, who asked and until when, with Confirm and Decline. */
export function reviewPage(confirmation: Confirmation, formValue: string, action: string): string {
  const args = JSON.stringify(JSON.parse(confirmation.args), null, 2);
  const rows: Array<[string, string]> = [
    ['Tool', confirmation.tool],
    ['Asked by', confirmation.userId || '(no user)'],
    ['Asked at', new Date(confirmation.createdAt).toISOString()],
    ['Expires at', new Date(confirmation.expiresAt).toISOString()],
  ];
  const table = rows.map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('\n');
  return page(
    'Confirm this action?',
    `<p><strong>${escapeHtml(confirmation.action)}</strong></p>
<table>
${table}
</table>
<h2>Arguments</h2>
<pre>${escapeHtml(args)}</pre>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="form_token" value="${escapeHtml(formValue)}">
<button type="submit" name="decision" value="confirm">Confirm</button>
<button type="submit" name="decision" value="decline">Decline</button>
</form>`,
  );
}
