import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Queryable } from '../db/types.ts';
import { pauseInRequests } from '../services/background/requestsFirst.ts';
import { installRequestsFirst } from './requestsFirst.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the server counts the requests it serves for background work to wait on', () => {
  it("from a request's arrival until its answer, answered or failed", async () => {
    const db: Queryable = { query: () => Promise.resolve([]) };
    const app = Fastify();
    installRequestsFirst(app, db);
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    app.get('/slow', async () => {
      await gate;
      return { ok: true };
    });
    app.get('/fails', () => {
      throw new Error('refused');
    });
    let paused = false;
    const answer = app.inject({ method: 'GET', url: '/slow' });
    await sleep(20);
    void pauseInRequests(db).then(() => (paused = true));
    await sleep(100);
    expect(paused).toBe(false);
    release();
    expect((await answer).statusCode).toBe(200);
    await sleep(50);
    expect(paused).toBe(true);
    expect((await app.inject({ method: 'GET', url: '/fails' })).statusCode).toBe(500);
    let pausedAfterFailure = false;
    void pauseInRequests(db).then(() => (pausedAfterFailure = true));
    await sleep(50);
    expect(pausedAfterFailure).toBe(true);
    await app.close();
  });
});
