import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatUserName } from '../../src/sandbox/google/chat/model.js';
import type { DiscoveryContract } from '../helpers/discovery-contract.js';
import { chatContract, conforms, googleFailure, startGoogle, type GoogleFixture } from './google-fixture.js';

let google: GoogleFixture;
let contract: DiscoveryContract;
let root: string;

beforeAll(async () => {
  google = await startGoogle({ rateLimits: 'enforce' });
  contract = chatContract();
  root = `${google.sandbox.urlOf('/google')}/`;
});
afterAll(() => google.close());

const chat = () => google.state().chat;
const spacesOf = (index: number) => [...chat().spaces.values()].filter((s) => s.members.has(index));

describe('spaces and members', () => {
  it('lists the spaces a person belongs to, named spaces and direct messages', async () => {
    const response = await google.chatFor(1).spaces.list({ pageSize: 1000 });
    conforms(contract, root, response);
    expect(response.data.spaces?.map((s) => s.name)).toEqual(spacesOf(1).map((s) => `spaces/${s.id}`));
    expect(response.data.spaces?.some((s) => s.spaceType === 'DIRECT_MESSAGE')).toBe(true);
    const named = await google.chatFor(1).spaces.list({ filter: 'spaceType = "SPACE"' });
    expect(named.data.spaces?.every((s) => s.spaceType === 'SPACE')).toBe(true);
  });

  it('pages spaces with stable tokens and refuses a tampered token', async () => {
    const client = google.chatFor(0);
    const walked: string[] = [];
    let pageToken: string | undefined;
    do {
      const page = await client.spaces.list({ pageSize: 3, pageToken });
      walked.push(...(page.data.spaces ?? []).map((s) => s.name!));
      pageToken = page.data.nextPageToken ?? undefined;
    } while (pageToken);
    expect(walked).toEqual(spacesOf(0).map((s) => `spaces/${s.id}`));
    const first = (await client.spaces.list({ pageSize: 1 })).data.nextPageToken!;
    expect((await googleFailure(client.spaces.list({ pageSize: 1, pageToken: `x${first}` }))).status).toBe(400);
  });

  it('lists members and answers 404 for a space the caller is not in, or of another workspace', async () => {
    const space = spacesOf(0).find((s) => s.type === 'SPACE')!;
    const response = await google.chatFor(0).spaces.members.list({ parent: `spaces/${space.id}` });
    conforms(contract, root, response);
    const base = google.state().workspace.idBase;
    expect(response.data.memberships?.map((m) => m.member?.name)).toEqual(
      [...space.members.keys()].map((i) => chatUserName(base, i)),
    );
    const closed = [...chat().spaces.values()].find((s) => !s.members.has(1))!;
    expect((await googleFailure(google.chatFor(1).spaces.get({ name: `spaces/${closed.id}` }))).status).toBe(404);
    expect((await googleFailure(google.chatFor(0, 'globex').spaces.get({ name: `spaces/${space.id}` }))).status).toBe(
      404,
    );
  });
});

describe('messages', () => {
  it('lists messages in time order with createTime filters and desc order, pages of pageSize', async () => {
    const space = spacesOf(0).find((s) => s.type === 'SPACE')!;
    const stored = chat().messages.get(space.id)!;
    const after = stored[Math.floor(stored.length / 2)].createTime;
    const client = google.chatFor(0);
    const response = await client.spaces.messages.list({
      parent: `spaces/${space.id}`,
      filter: `createTime > "${new Date(after).toISOString()}"`,
      pageSize: 1000,
    });
    conforms(contract, root, response);
    expect(response.data.messages?.map((m) => m.name)).toEqual(
      stored.filter((m) => m.createTime > after).map((m) => `spaces/${space.id}/messages/${m.id}`),
    );
    const desc = await client.spaces.messages.list({
      parent: `spaces/${space.id}`,
      orderBy: 'createTime desc',
      pageSize: 5,
    });
    expect(desc.data.messages?.map((m) => m.name)).toEqual(
      stored
        .slice(-5)
        .reverse()
        .map((m) => `spaces/${space.id}/messages/${m.id}`),
    );
    expect(desc.data.nextPageToken).toBeTruthy();
    expect(
      (
        await googleFailure(
          client.spaces.messages.list({ parent: `spaces/${space.id}`, filter: 'createTime > yesterday' }),
        )
      ).status,
    ).toBe(400);
  });

  it('creates a message, a reply in an existing thread, and refuses an empty one', async () => {
    const space = spacesOf(2).find((s) => s.type === 'SPACE')!;
    const client = google.chatFor(2);
    const thread = chat().messages.get(space.id)![0].threadId;
    const reply = await client.spaces.messages.create({
      parent: `spaces/${space.id}`,
      messageReplyOption: 'REPLY_MESSAGE_FALLBACK_TO_NEW_THREAD',
      requestBody: { text: 'On it.', thread: { name: `spaces/${space.id}/threads/${thread}` } },
    });
    conforms(contract, root, reply);
    expect(reply.data.thread?.name).toBe(`spaces/${space.id}/threads/${thread}`);
    expect(reply.data.sender?.name).toBe(chatUserName(google.state().workspace.idBase, 2));
    const fresh = await client.spaces.messages.create({
      parent: `spaces/${space.id}`,
      requestBody: { text: 'New topic' },
    });
    expect(fresh.data.thread?.name).not.toBe(reply.data.thread?.name);
    const got = await client.spaces.messages.get({ name: fresh.data.name! });
    conforms(contract, root, got);
    expect(got.data.text).toBe('New topic');
    expect(
      (await googleFailure(client.spaces.messages.create({ parent: `spaces/${space.id}`, requestBody: { text: '' } })))
        .status,
    ).toBe(400);
    expect((await googleFailure(google.chatFor(2, 'acme', ['openid']).spaces.list({}))).status).toBe(403);
  });

  it('answers 429 RESOURCE_EXHAUSTED past 60 requests a minute per user, other users unaffected', async () => {
    const client = google.chatFor(3);
    let refused: Awaited<ReturnType<typeof googleFailure>> | undefined;
    for (let n = 0; n < 61 && !refused; n++) {
      try {
        await client.spaces.list({});
      } catch (error) {
        refused = await googleFailure(Promise.reject(error));
      }
    }
    expect(refused?.status).toBe(429);
    expect(refused?.body.error).toMatchObject({ code: 429, status: 'RESOURCE_EXHAUSTED' });
    expect((await google.chatFor(4).spaces.list({})).status).toBe(200);
    google.clock.advance(61_000);
    expect((await client.spaces.list({})).status).toBe(200);
  });
});
