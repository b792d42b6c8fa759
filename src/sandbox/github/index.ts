import express from 'express';
import type { FakeUpstream } from '../fake-upstream.js';

// Placeholder: the GitHub fake is being written.
export const githubFake: FakeUpstream<Record<string, never>> = {
  prefix: '/github',
  seed: () => ({}),
  router: () => express.Router(),
};
