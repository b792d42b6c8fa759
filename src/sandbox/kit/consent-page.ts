import type { Person } from '../seed/people.js';
import { escapeHtml } from '../../toolkit/html.js';

interface ConsentRequest {
  /** The provider, as its page names itself ("Google Accounts", "Slack"). */
  provider: string;
  /** The authorize request's query, carried through the form unchanged. */
  query: Record<string, string>;
  accounts: readonly Person[];
  scopes: readonly string[];
  appName: string;
  loginHint?: string;
  /** Where the forms post (relative to the authorize page). */
  action: string;
}

/**
 * An OAuth provider's account chooser and consent screen, reduced to what a browser (or a test acting
 * as one) needs: one form per account that approves (field `account`), and one that denies (`deny`).
 */
export function consentPage(request: ConsentRequest): string {
  const hidden = Object.entries(request.query)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  const accounts = [...request.accounts].sort(
    (a, b) => Number(b.email === request.loginHint) - Number(a.email === request.loginHint),
  );
  const choices = accounts
    .map(
      (person) =>
        `<form method="post" action="${escapeHtml(request.action)}">${hidden}<input type="hidden" name="account" value="${escapeHtml(person.email)}">` +
        `<button type="submit" data-account="${escapeHtml(person.email)}">Continue as ${escapeHtml(person.name)} &lt;${escapeHtml(person.email)}&gt;</button></form>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sign in - ${escapeHtml(request.provider)} (sandbox)</title></head>
<body>
<h1>Choose an account</h1>
<p>to continue to ${escapeHtml(request.appName)}, which wants to:</p>
<ul>${request.scopes.map((scope) => `<li>${escapeHtml(scope)}</li>`).join('')}</ul>
${choices}
<form method="post" action="${escapeHtml(request.action)}">${hidden}<input type="hidden" name="deny" value="1"><button type="submit" id="deny">Cancel</button></form>
</body></html>`;
}
