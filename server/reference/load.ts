import { fileURLToPath } from 'node:url';
import type { Db, Transaction } from '../db/types.ts';
import { insertRows, type ColumnTypes, type RowOf, type TableSpec } from './bulkInsert.ts';
import { columnIndex, field, optionalDate, readTsv, type TsvTable } from './tsv.ts';

const codesDir = fileURLToPath(new URL('./codes/', import.meta.url));

/** The ICD-10-CM code sets loaded, by fiscal year (see SOURCES.md; FY2027 is derived). */
export const ICD_FILES: readonly { readonly fiscalYear: number; readonly file: string }[] = [
  { fiscalYear: 2026, file: 'icd10cm_order_fy2026.tsv.gz' },
  { fiscalYear: 2027, file: 'icd10cm_order_fy2027_derived.tsv.gz' },
];

const icdSpec = {
  table: 'icd_codes',
  columns: {
    code: 'text',
    fiscal_year: 'smallint',
    billable: 'boolean',
    short_description: 'text',
    long_description: 'text',
  },
} as const satisfies TableSpec<ColumnTypes>;

const hcpcsSpec = {
  table: 'hcpcs_codes',
  columns: { code: 'text', short_description: 'text', long_description: 'text', termination_date: 'date' },
} as const satisfies TableSpec<ColumnTypes>;

const posSpec = {
  table: 'place_of_service',
  columns: { code: 'text', name: 'text' },
} as const satisfies TableSpec<ColumnTypes>;

const carcSpec = {
  table: 'adjustment_reason_codes',
  columns: { code: 'text', description: 'text', stop_date: 'date' },
} as const satisfies TableSpec<ColumnTypes>;

const rarcSpec = { ...carcSpec, table: 'remark_codes' } as const satisfies TableSpec<ColumnTypes>;

/** A code only the full NUBC table has: a database loaded before with a short list lacks it. */
const LAST_REVENUE_CODE = '3109';

function codeFile(name: string): TsvTable {
  return readTsv(codesDir + name);
}

function* icdRows(fiscalYear: number, table: TsvTable): Iterable<RowOf<typeof icdSpec.columns>> {
  const code = columnIndex(table, 'code');
  const billable = columnIndex(table, 'billable');
  const short = columnIndex(table, 'short_description');
  const long = columnIndex(table, 'long_description');
  for (const row of table.rows) {
    yield {
      code: field(row, code),
      fiscal_year: fiscalYear,
      billable: field(row, billable) === '1',
      short_description: field(row, short),
      long_description: field(row, long),
    };
  }
}

function* hcpcsRows(table: TsvTable): Iterable<RowOf<typeof hcpcsSpec.columns>> {
  const code = columnIndex(table, 'code');
  const type = columnIndex(table, 'record_type');
  const short = columnIndex(table, 'short_description');
  const long = columnIndex(table, 'long_description');
  const end = columnIndex(table, 'termination_date');
  for (const row of table.rows) {
    // Modifiers share the CMS file but are not procedure codes; they would pollute code search.
    if (field(row, type) !== 'procedure') continue;
    yield {
      code: field(row, code),
      short_description: field(row, short),
      long_description: field(row, long),
      termination_date: optionalDate(field(row, end)),
    };
  }
}

function* adjustmentRows(table: TsvTable): Iterable<RowOf<typeof carcSpec.columns>> {
  const code = columnIndex(table, 'code');
  const description = columnIndex(table, 'description');
  const stop = columnIndex(table, 'stop_date');
  for (const row of table.rows) {
    yield { code: field(row, code), description: field(row, description), stop_date: optionalDate(field(row, stop)) };
  }
}

/**
 * The NUBC revenue codes (nubc_revenue_codes.tsv, see SOURCES.md): added, and a code already
 * there takes the table's wording, so a database that had the short list gets the full one.
 */
async function upsertRevenueCodes(tx: Transaction, table: TsvTable): Promise<number> {
  const code = columnIndex(table, 'code');
  const description = columnIndex(table, 'description');
  await tx.query(
    `INSERT INTO revenue_codes (code, description) SELECT * FROM unnest($1::text[], $2::text[])
     ON CONFLICT (code) DO UPDATE SET description = EXCLUDED.description`,
    [table.rows.map((row) => field(row, code)), table.rows.map((row) => field(row, description))],
  );
  return table.rows.length;
}

/** The NUBC revenue code table alone, once (tests of revenue code work load just this). */
export async function loadRevenueCodes(db: Db): Promise<void> {
  await loadOnce(db, 'revenue_codes', 'code = $1', [LAST_REVENUE_CODE], (tx) =>
    upsertRevenueCodes(tx, codeFile('nubc_revenue_codes.tsv')),
  );
}

function* posRows(table: TsvTable): Iterable<RowOf<typeof posSpec.columns>> {
  const code = columnIndex(table, 'code');
  const name = columnIndex(table, 'name');
  for (const row of table.rows) yield { code: field(row, code), name: field(row, name) };
}

/**
 * Fills one table in its own transaction unless it already has rows matching `loadedWhere`. The
 * table lock makes two servers starting at once load it once, not fail on duplicate keys.
 */
async function loadOnce(
  db: Db,
  table: string,
  loadedWhere: string,
  params: readonly unknown[],
  fill: (tx: Transaction) => Promise<number>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.exec(`LOCK TABLE ${table} IN SHARE ROW EXCLUSIVE MODE`);
    const [state] = await tx.query<{ loaded: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM ${table} WHERE ${loadedWhere}) AS loaded`,
      params,
    );
    if (state?.loaded) return;
    await fill(tx);
  });
}

/**
 * Loads the public code lists (ICD-10-CM per fiscal year, HCPCS Level II, place of service, CARC,
 * RARC, revenue codes). Idempotent: a table (for ICD, a fiscal year) that already has rows is left
 * as it is, so this can run at every start.
 */
export async function loadReferenceData(db: Db): Promise<void> {
  for (const { fiscalYear, file } of ICD_FILES) {
    await loadOnce(db, 'icd_codes', 'fiscal_year = $1', [fiscalYear], (tx) =>
      insertRows(tx, icdSpec, icdRows(fiscalYear, codeFile(file))),
    );
  }
  await loadOnce(db, 'hcpcs_codes', 'true', [], (tx) =>
    insertRows(tx, hcpcsSpec, hcpcsRows(codeFile('hcpcs_level2_2025q4_oct.tsv'))),
  );
  await loadOnce(db, 'place_of_service', 'true', [], (tx) =>
    insertRows(tx, posSpec, posRows(codeFile('cms_place_of_service.tsv'))),
  );
  await loadOnce(db, 'adjustment_reason_codes', 'true', [], (tx) =>
    insertRows(tx, carcSpec, adjustmentRows(codeFile('x12_carc_vista_2016.tsv'))),
  );
  await loadOnce(db, 'remark_codes', 'true', [], (tx) =>
    insertRows(tx, rarcSpec, adjustmentRows(codeFile('x12_rarc_vista_2016.tsv'))),
  );
  await loadRevenueCodes(db);
}
