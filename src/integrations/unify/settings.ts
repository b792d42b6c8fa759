import type { App } from '../../app.js';
import { SANDBOX_CREDENTIALS } from '../../sandbox/credentials.js';
import { AppError } from '../../toolkit/errors.js';
import type { UnifySettings } from './client.js';

/**
 * Where this server reaches Apideck: the configured application (APIDECK_API_KEY, APIDECK_APP_ID,
 * APIDECK_BASE_URL), else in demo mode the sandbox's fake with the sandbox application's key.
 * UNAVAILABLE (503) when neither is there.
 */
export function unifySettingsOf(app: App): UnifySettings {
  if (app.config.unify) return app.config.unify;
  if (app.sandbox?.prefixes.includes('/unify')) {
    const { apiKey, appId } = SANDBOX_CREDENTIALS.acme.unify;
    return { baseUrl: app.sandbox.urlOf('/unify'), apiKey, appId };
  }
  throw new AppError('UNAVAILABLE', 'The unified API is not configured: set APIDECK_API_KEY and APIDECK_APP_ID');
}
