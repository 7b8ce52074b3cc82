import { beforeEach, describe, expect, it } from 'vitest';
import { resetStores } from '../../state/store.ts';
import { reportRowPages } from './exportReport.ts';
import { setReportParams } from './reportState.ts';
import type { PageRequest, ReportDefinition, ReportParams } from './types.ts';

interface Row {
  name: string;
  cents: number;
}

/** A report of `total` rows served by page, recording what each page was asked with. */
function reportOf(total: number, asked: { params: ReportParams; page: PageRequest }[]): ReportDefinition<Row> {
  return {
    id: 'test-report',
    title: 'Test report',
    path: '/app/test-report',
    parameters: [{ key: 'providerID', label: 'Provider', kind: 'id' }],
    defaults: {},
    defaultSort: { column: 'total', order: 'desc' },
    columns: [
      { id: 'name', title: 'Name', width: 100, kind: 'text', value: (row) => row.name },
      { id: 'cents', title: 'Amount', width: 100, kind: 'money', value: (row) => row.cents },
    ],
    exportPageSize: 4,
    rowKey: (row) => row.name,
    fetchPage: (params, page) => {
      asked.push({ params, page });
      const first = (page.pageNumber - 1) * page.pageSize;
      const rows = Array.from({ length: Math.max(0, Math.min(page.pageSize, total - first)) }, (_, index) => ({
        name: `row ${first + index}`,
        cents: 100,
      }));
      return Promise.resolve({ total, rows, totals: { name: 'Totals', cents: total * 100 } });
    },
  };
}

describe('a report exported whole', () => {
  beforeEach(() => resetStores());

  it('reads every page under the report’s parameters and sort, then its totals row', async () => {
    const asked: { params: ReportParams; page: PageRequest }[] = [];
    const definition = reportOf(10, asked);
    setReportParams(definition.id, { providerID: '7' });
    const rows: Row[] = [];
    for await (const page of reportRowPages(definition)) rows.push(...page);
    expect(rows.map((row) => row.name)).toEqual([...Array.from({ length: 10 }, (_, at) => `row ${at}`), 'Totals']);
    expect(rows.at(-1)?.cents).toBe(1_000);
    expect(asked.map((each) => each.page.pageNumber)).toEqual([1, 2, 3]);
    expect(asked.every((each) => each.params['providerID'] === '7' && each.page.sortColumn === 'total')).toBe(true);
  });

  it('stops after a full last page without asking for an empty one', async () => {
    const asked: { params: ReportParams; page: PageRequest }[] = [];
    const rows: Row[] = [];
    for await (const page of reportRowPages(reportOf(8, asked))) rows.push(...page);
    expect(rows).toHaveLength(9);
    expect(asked).toHaveLength(2);
  });
});
