import pg from 'pg';
import { preparedNameOf } from './prepared.ts';
import type { Db, Queryable, Transaction } from './types.ts';
import { PG_TYPE, parseDate, parseInt8 } from './values.ts';

type TextParser = (value: string) => unknown;

const typeParsers: pg.CustomTypesConfig = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === PG_TYPE.INT8) return parseInt8;
    if (oid === PG_TYPE.DATE) return parseDate;
    // pg-types declares its parsers as returning `any`; they return a parsed value of the type.
    return pg.types.getTypeParser(oid, format) as TextParser;
  },
};

function wrap(target: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const name = preparedNameOf(sql);
      const result = await target.query({
        text: sql,
        values: [...params],
        types: typeParsers,
        ...(name === undefined ? {} : { name }),
      });
      return result.rows as Row[];
    },
  };
}

/** A real PostgreSQL server. `searchPath` isolates a schema (server tests use one per suite). */
export async function openPostgres(
  url: string,
  options: { searchPath?: string; max?: number; applicationName?: string } = {},
): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    ...(options.applicationName ? { application_name: options.applicationName } : {}),
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  await pool.query('select 1');
  const plain = wrap(pool);
  return {
    engine: 'postgres',
    query: plain.query,
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const handle: Transaction = {
          ...wrap(client),
          exec: async (sql) => {
            await client.query(sql);
          },
        };
        const result = await work(handle);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    exec: async (sql) => {
      await pool.query(sql);
    },
    close: () => pool.end(),
  };
}
