import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { controller, get } from '../../contract/call.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { JsonText } from '../services/jsonText.ts';
import { defineCall } from './defineCall.ts';
import { installErrorHandler } from './errorHandler.ts';

/** A public call of our own: no session is needed to reach its handler. */
const Probe = controller('Probe', {
  echo: get('public', {
    input: z.object({ n: z.coerce.number().int() }).strict(),
    reply: z.object({ doubled: z.number().int() }),
  }),
});

async function appAnswering(answer: (n: number) => unknown) {
  const app = Fastify({ logger: false });
  installErrorHandler(app);
  // The handler of a public call without a token never touches the dependencies.
  defineCall(app, {} as AuthDeps, Probe.echo, {
    handler: (input) => Promise.resolve(answer(input.n) as { doubled: number }),
  });
  await app.ready();
  return app;
}

describe('a call mounted from its definition', () => {
  it('is served at /api/<controller>/<name>, its input parsed by the definition', async () => {
    const app = await appAnswering((n) => ({ doubled: n * 2 }));
    expect((await app.inject({ method: 'GET', url: '/api/Probe/echo?n=21' })).json()).toEqual({ doubled: 42 });
    const bad = await app.inject({ method: 'GET', url: '/api/Probe/echo?n=x' });
    expect(bad.statusCode).toBe(400);
    await app.close();
  });

  it('refuses, in tests and development, a reply that is not what the contract says', async () => {
    const app = await appAnswering((n) => ({ doubled: `${n}` }));
    const reply = await app.inject({ method: 'GET', url: '/api/Probe/echo?n=21' });
    expect(reply.statusCode).toBe(500);
    expect(reply.json()).toEqual({ message: 'Unexpected server error' });
    await app.close();
  });

  it('sends JSON text the database wrote as it is, as JSON, and still checks it against the contract', async () => {
    const app = await appAnswering((n) => new JsonText(`{"doubled":${n * 2}}`));
    const reply = await app.inject({ method: 'GET', url: '/api/Probe/echo?n=21' });
    expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(reply.body).toBe('{"doubled":42}');
    const wrong = await appAnswering((n) => new JsonText(`{"doubled":"${n}"}`));
    expect((await wrong.inject({ method: 'GET', url: '/api/Probe/echo?n=21' })).statusCode).toBe(500);
    await app.close();
    await wrong.close();
  });
});
