import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { claimSearchReplySchema, claimSearchQuerySchema } from './claims.ts';
import { claimHoverInfoSchema } from './claimLists.ts';
import { deferred } from './deferred.ts';

const CONTRACT_DIR = fileURLToPath(new URL('.', import.meta.url));
/** Calls whose schema has parts of its own: built where declared, they cost the browser's start. */
const COMPOSITE_CALLS = new Set([
  'object',
  'array',
  'union',
  'record',
  'discriminatedUnion',
  'tuple',
  'intersection',
  'extend',
]);

/** The first call of a chain such as `z.object({...}).strict()`: `object`, or null when none. */
function firstCall(expression: ts.Expression): string | null {
  let first: string | null = null;
  let current: ts.Expression = expression;
  while (ts.isCallExpression(current) || ts.isPropertyAccessExpression(current)) {
    if (ts.isCallExpression(current) && ts.isPropertyAccessExpression(current.expression))
      first = current.expression.name.text;
    current = ts.isCallExpression(current) ? current.expression : current.expression;
  }
  return first;
}

/** `file: name` for every top-level composite schema declared without `deferred`. */
function eagerComposites(file: string): string[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(`${CONTRACT_DIR}${file}`, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const found: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const call = declaration.initializer && firstCall(declaration.initializer);
      if (call && COMPOSITE_CALLS.has(call)) found.push(`${file}: ${declaration.name.getText(source)}`);
    }
  }
  return found;
}

describe('deferred contract schemas', () => {
  it('declares every composite schema at a contract module top level through deferred', () => {
    const files = readdirSync(CONTRACT_DIR).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
    expect(files.length).toBeGreaterThan(40);
    expect(files.flatMap(eagerComposites)).toEqual([]);
  });

  it('catches an eager object, an eager chain and an eager extend', () => {
    const source = ts.createSourceFile(
      'x.ts',
      'const a = z.object({}).strict(); const b = base.extend({}); const c = z.string().max(3); const d = deferred(() => z.object({}));',
      ts.ScriptTarget.Latest,
      true,
    );
    const calls = source.statements
      .filter(ts.isVariableStatement)
      .map((statement) => firstCall(statement.declarationList.declarations[0]!.initializer!));
    expect(calls).toEqual(['object', 'extend', 'string', null]);
  });

  it('builds the schema on its first check, once', () => {
    let builds = 0;
    const schema = deferred(() => {
      builds += 1;
      return z.object({ id: z.number().int() });
    });
    expect(builds).toBe(0);
    expect(schema.safeParse({ id: 1 }).success).toBe(true);
    expect(schema.safeParse({ id: 1.5 }).success).toBe(false);
    expect(builds).toBe(1);
  });

  it('keeps defaults, optional keys and refinements of the schema inside', () => {
    expect(claimSearchQuerySchema.parse({})).toMatchObject({
      pageNumber: 1,
      pageSize: 100,
      sortColumn: 'claimID',
      sortOrder: 'desc',
    });
    expect(claimSearchQuerySchema.safeParse({ balanceMin: 500, balanceMax: 100 }).success).toBe(false);
    expect(claimSearchQuerySchema.safeParse({ unknownField: 1 }).success).toBe(false);
    const outer = z.object({ inner: deferred(() => z.string()).optional() });
    expect(outer.parse({})).toEqual({});
  });

  it('checks a reply through nested deferred schemas, and an extended one', () => {
    const row = {
      claimID: 1,
      patientID: 2,
      patientName: 'Doe, Jane',
      accountNumber: 'A1',
      dosFrom: '2026-01-02',
      dosTo: '2026-01-02',
      practiceName: 'P',
      providerName: 'Dr',
      payerName: 'Aetna',
      claimStatus: 'Ready',
      scrubStatus: 'Passed',
      submitStatus: 'Not submitted',
      totalCharges: 100,
      balance: 100,
      assignee: null,
    };
    const reply = claimSearchReplySchema.safeParse({ total: 1, rows: [row] });
    expect(reply.success, JSON.stringify(reply.error?.issues)).toBe(true);
    expect(claimSearchReplySchema.safeParse({ total: 1, rows: [{ ...row, balance: 'ten' }] }).success).toBe(false);
    expect(claimHoverInfoSchema.safeParse({ ...row, lastNote: null, lastEvent: null }).success).toBe(true);
    expect(claimHoverInfoSchema.safeParse(row).success).toBe(false);
  });
});
