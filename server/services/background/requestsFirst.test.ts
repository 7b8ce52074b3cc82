import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../db/types.ts';
import { MAX_WAIT_MS, pauseInRequests, requestStarted } from './requestsFirst.ts';

const database = (): Queryable => ({ query: () => Promise.resolve([]) });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether `promise` has settled after `ms`. */
async function settledWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await sleep(ms);
  return settled;
}

describe('requests go first', () => {
  it('lets background work go at once on a database that serves nothing', async () => {
    expect(await settledWithin(pauseInRequests(database()), 5)).toBe(true);
  });

  it('holds background work back while a request is served, and lets it go once the request has ended', async () => {
    const q = database();
    const end = requestStarted(q);
    const pause = pauseInRequests(q);
    expect(await settledWithin(pause, 100)).toBe(false);
    end();
    expect(await settledWithin(pause, 50)).toBe(true);
  });

  it('counts an ended request once however often its end is called', async () => {
    const q = database();
    const first = requestStarted(q);
    const second = requestStarted(q);
    first();
    first();
    const pause = pauseInRequests(q);
    expect(await settledWithin(pause, 100)).toBe(false);
    second();
    expect(await settledWithin(pause, 50)).toBe(true);
  });

  it('does not hold background work back for longer than MAX_WAIT_MS on a server that is never quiet', async () => {
    const q = database();
    const end = requestStarted(q);
    const pause = pauseInRequests(q);
    expect(await settledWithin(pause, MAX_WAIT_MS / 2)).toBe(false);
    expect(await settledWithin(pause, MAX_WAIT_MS)).toBe(true);
    end();
  });

  it('keeps the requests of each database apart', async () => {
    const busy = database();
    const end = requestStarted(busy);
    expect(await settledWithin(pauseInRequests(database()), 20)).toBe(true);
    end();
  });
});
