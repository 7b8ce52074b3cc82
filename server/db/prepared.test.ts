import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines, type TestDatabase } from '../test/engines.ts';
import { preparedNameOf, preparedStatement } from './prepared.ts';

const SUM = preparedStatement('test-sum-of-two', 'SELECT $1::int + $2::int AS sum');

describe('registered statements', () => {
  it('name only the texts registered, and refuse a second text under a name already taken', () => {
    expect(preparedNameOf(SUM)).toBe('test-sum-of-two');
    expect(preparedNameOf('SELECT $1::int + $2::int AS total')).toBeUndefined();
    expect(preparedStatement('test-sum-of-two', SUM)).toBe(SUM);
    expect(() => preparedStatement('test-sum-of-two', 'SELECT 2')).toThrow(
      /Two statements are registered as "test-sum-of-two"/,
    );
  });
});

describe.each(testEngines)('a registered statement on $name', (engine) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await engine.create();
  });

  afterAll(() => database.dispose());

  it('answers each run with its own values', async () => {
    expect(await database.db.query(SUM, [2, 3])).toEqual([{ sum: 5 }]);
    expect(await database.db.query(SUM, [40, 2])).toEqual([{ sum: 42 }]);
  });

  it.runIf(engine.name === 'postgres')(
    'is prepared once on the connection and reused; other statements are not kept',
    async () => {
      const again = await database.reopen();
      try {
        // A new pool: its first connection runs every statement below, one after another.
        await again.query(SUM, [1, 1]);
        await again.query(SUM, [2, 2]);
        await again.query('SELECT $1::int * 2 AS twice', [4]);
        const kept = await again.query<{ name: string; statement: string }>(
          'SELECT name, statement FROM pg_prepared_statements ORDER BY name',
        );
        expect(kept).toEqual([{ name: 'test-sum-of-two', statement: SUM }]);
      } finally {
        await again.close();
      }
    },
  );
});
