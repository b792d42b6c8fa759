import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

const SYSTEM_CHROMIUMS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/**
 * The Chromium the browser tests launch: CHROMIUM_PATH when set, else the browser Playwright installed,
 * else the first system one found. Fails naming CHROMIUM_PATH when there is none.
 */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.CHROMIUM_PATH;
  if (configured) {
    if (!existsSync(configured)) throw new Error(`CHROMIUM_PATH is ${configured}, which does not exist`);
    return configured;
  }
  const candidates = [playwrightChromium(), ...SYSTEM_CHROMIUMS];
  const found = candidates.find((path) => path !== undefined && existsSync(path));
  if (found) return found;
  throw new Error(
    `No Chromium found (looked at Playwright's download and ${SYSTEM_CHROMIUMS.join(', ')}): set CHROMIUM_PATH to a Chromium or Chrome executable`,
  );
}

function playwrightChromium(): string | undefined {
  try {
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}
