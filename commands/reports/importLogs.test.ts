import { describe, expect, it } from 'vitest';
import type { UploadHl7Reply } from '../../contract/importLogs.ts';
import { uploadText } from '../../src/features/importLogs/index.ts';
import {
  ediFiltersFromAnswers,
  hl7FiltersFromAnswers,
  importLogCommands,
  receivingFacilityProblem,
} from './importLogs.ts';

describe('the import log commands', () => {
  it('turn the palette answers into the logs filters, "all" and empty answers filtering nothing', () => {
    expect(
      hl7FiltersFromAnswers({ outcome: 'error', messageType: 'DFT^P03', fromDate: ' 2026-11-01 ', toDate: '' }),
    ).toEqual({
      outcome: 'error',
      messageType: 'DFT^P03',
      fromDate: '2026-11-01',
      toDate: '',
    });
    expect(hl7FiltersFromAnswers({ outcome: 'all', messageType: 'all' })).toEqual({
      outcome: null,
      messageType: '',
      fromDate: '',
      toDate: '',
    });
    expect(ediFiltersFromAnswers({ transactionSet: '835', outcome: 'rejected' })).toEqual({
      transactionSet: '835',
      outcome: 'rejected',
      fromDate: '',
      toDate: '',
    });
    expect(ediFiltersFromAnswers({ transactionSet: 'all', outcome: 'all' })).toMatchObject({
      transactionSet: null,
      outcome: null,
    });
  });

  it('say each message of an upload on its line, the refused ones first', () => {
    const result = (position: number, outcome: 'accepted' | 'error' | 'rejected', text: string) => ({
      hl7LogID: position,
      position,
      controlID: `C${position}`,
      messageType: 'DFT^P03',
      outcome,
      ackCode: outcome === 'accepted' ? ('AA' as const) : outcome === 'error' ? ('AE' as const) : ('AR' as const),
      errors: outcome === 'accepted' ? [] : [text],
      action: outcome === 'accepted' ? text : null,
      patientID: null,
      claimID: null,
    });
    const reply: UploadHl7Reply = {
      message: 'x',
      accepted: 1,
      errors: 1,
      rejected: 1,
      results: [
        result(1, 'accepted', 'draft claim 7 created with 1 charge line'),
        result(2, 'error', 'No active provider of the group has NPI 1999999992.'),
        result(3, 'rejected', 'Message type ORM^O01 is not imported.'),
      ],
    };
    expect(uploadText(reply).split('\n')).toEqual([
      '2. DFT^P03 C2: AE No active provider of the group has NPI 1999999992.',
      '3. DFT^P03 C3: AR Message type ORM^O01 is not imported.',
      '1. DFT^P03 C1: draft claim 7 created with 1 charge line',
    ]);
  });

  it('ask for the module of the call behind them: the EDI log Reports, an HL7 interface the practices administration', () => {
    const privilege = (id: string) => importLogCommands.find((command) => command.id === id)?.privilege;
    expect(privilege('nav.goToEdiImportLog')).toBe('REPORTS');
    expect(privilege('nav.goToHl7ImportLog')).toBe('REPORTS');
    expect(privilege('hl7.inboundSettings')).toBe('ADMIN_PRACTICES');
  });

  it('check a receiving facility as the server does, before it is sent', () => {
    expect(receivingFacilityProblem(' lakeside ')).toBeNull();
    expect(receivingFacilityProblem('EHR_2.main-east')).toBeNull();
    expect(receivingFacilityProblem('  ')).toMatch(/MSH-6/);
    expect(receivingFacilityProblem('LAKE;SIDE')).toMatch(/Letters, digits/);
    expect(receivingFacilityProblem('-LAKE')).toMatch(/Letters, digits/);
    expect(receivingFacilityProblem('X'.repeat(61))).toMatch(/60/);
  });
});
