import type { Config } from '../config/config.js';
import { isLoopbackHost } from '../config/host-policy.js';
import { AppError } from '../toolkit/errors.js';

/**
 * Checks a URL a caller gives for the user's browser to be sent to after authorizing (the vault's
 * `redirectUri`, chat's `return_url`): `https:` only, or `http:` to a loopback host on a development or
 * demo server, so no `javascript:`, `data:` or plain-HTTP address is ever put in a redirect. A
 * VALIDATION_ERROR names the field otherwise. `base` resolves a relative value (a page of this server).
 */
export function redirectTarget(
  config: Pick<Config, 'environment' | 'demo'>,
  field: string,
  value: string,
  base?: string,
): URL {
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    throw new AppError('VALIDATION_ERROR', `${field} is not a URL`, {
      details: [{ path: field, message: 'not a URL' }],
    });
  }
  const localHttp =
    url.protocol === 'http:' && isLoopbackHost(url.hostname) && (config.environment !== 'production' || config.demo);
  if (url.protocol !== 'https:' && !localHttp) {
    const message = `${field} must be an https: URL (http: only to a loopback host on a development server), got ${url.protocol}`;
    throw new AppError('VALIDATION_ERROR', message, { details: [{ path: field, message }] });
  }
  return url;
}
