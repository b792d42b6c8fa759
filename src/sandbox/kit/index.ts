/** The plumbing every fake upstream shares; see README.md for how a fake is wired. */
export * from './auth.js';
export * from './consent-page.js';
export * from './conventions.js';
export * from './error-handler.js';
export * from './error-shape.js';
export * from './errors.js';
export * from './fake-router.js';
export * from './paging/cursor.js';
export * from './paging/link-header.js';
export * from './paging/offset.js';
export * from './rate-limit.js';
export * from './request.js';
export * from './upstream-errors.js';
export * from './time.js';
