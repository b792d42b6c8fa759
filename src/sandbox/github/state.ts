// The fake GitHub's records and the lookups over them, from one module (the lookups import the records'
// types from model.ts, so neither imports the other in a cycle).
export * from './model.js';
export * from './queries.js';
