import type { FakeUpstream } from './fake-upstream.js';
import { githubFake } from './github/index.js';

/** Every fake upstream the sandbox serves. Each system's issue adds its own. */
export const FAKE_UPSTREAMS: readonly FakeUpstream[] = [githubFake as FakeUpstream];
