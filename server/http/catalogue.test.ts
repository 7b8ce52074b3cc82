import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../contract/endpoints.ts';
import { testEngines, type TestDatabase } from '../test/engines.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

const [engine] = testEngines;

describe('the calls the server mounts', () => {
  let database: TestDatabase;
  let test: TestApp;

  beforeAll(async () => {
    if (!engine) throw new Error('No test engine.');
    database = await engine.create();
    test = await createTestApp(database.db);
  });
  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const mounted = (call: (typeof ENDPOINTS)[number]) =>
    test.app.hasRoute({ method: call.method, url: `/api${call.path}` });

  it('serves every defined call at its path with its method, and none that is only planned', () => {
    const defined = ENDPOINTS.filter((call) => call.kind === 'call');
    expect(defined.length).toBeGreaterThan(170);
    expect(defined.filter((call) => !mounted(call)).map((call) => call.path)).toEqual([]);
    expect(ENDPOINTS.filter((call) => call.kind === 'planned' && mounted(call)).map((call) => call.path)).toEqual([]);
  });
});
