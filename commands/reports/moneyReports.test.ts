import { describe, expect, it } from 'vitest';
import { moneyReportCommands, openReportTitle } from './moneyReports.ts';

describe('the money report commands', () => {
  it('names each report as a biller would look for it in the palette', () => {
    expect(openReportTitle('Charge detail')).toBe('Open charge detail report');
    expect(openReportTitle('ERA data')).toBe('Open ERA data report');
    expect(openReportTitle('Payment report')).toBe('Open payment report');
  });

  it('has a command for the index and one per report, each with its own id', () => {
    const ids = moneyReportCommands.map((command) => command.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('nav.goToReports');
    expect(ids.filter((id) => id.startsWith('reports.open.'))).toHaveLength(12);
  });
});
