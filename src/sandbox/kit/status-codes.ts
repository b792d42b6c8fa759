import { createRequire } from 'node:module';

type Http = typeof import('node:http');

/**
 * node:http's reason phrases, read through `require`: imported as an ES module, node:http has Node read each of its
 * exports, and some of them load Node's whole fetch client (undici), tens of milliseconds of a demo start.
 */
export const STATUS_CODES: Http['STATUS_CODES'] = (createRequire(import.meta.url)('node:http') as Http).STATUS_CODES;
