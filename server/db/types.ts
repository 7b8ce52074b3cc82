/** The one interface every service writes against, whichever engine is underneath. */
export interface Queryable {
  query: <Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]) => Promise<Row[]>;
}

/** A transaction handle; passed explicitly to whatever must write inside it. */
export interface Transaction extends Queryable {
  /** Runs a script of several statements without parameters (migrations). */
  exec: (sql: string) => Promise<void>;
}

export type Engine = 'pglite' | 'postgres';

export interface Db extends Queryable {
  readonly engine: Engine;
  /**
   * Runs `work` in one transaction, through the driver's own transaction API: on PGlite a raw
   * BEGIN would let concurrent requests interleave inside it.
   */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}
