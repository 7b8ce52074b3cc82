import { describe, expect, it } from 'vitest';
import { SAVED_REPORT_SCREENS } from '../../../contract/savedSearches.ts';
import { AGING_REPORT_PATH, MONEY_REPORT_PATHS } from '../../routing/paths.ts';
import { AGING_PARAMETERS } from '../agingReports/agingDefinitions.ts';
import { MONEY_REPORT_DEFINITIONS } from '../moneyReports/definitions.ts';

describe('the report screens a saved report may be kept for', () => {
  it('are every kit report screen, each taking every parameter its bar offers', () => {
    const paths = [AGING_REPORT_PATH, ...Object.values(MONEY_REPORT_PATHS)];
    expect(Object.keys(SAVED_REPORT_SCREENS).sort()).toEqual([...paths].sort());
    expect(SAVED_REPORT_SCREENS[AGING_REPORT_PATH]).toEqual(AGING_PARAMETERS.map((parameter) => parameter.key));
    for (const definition of MONEY_REPORT_DEFINITIONS) {
      for (const parameter of definition.parameters)
        expect(SAVED_REPORT_SCREENS[definition.path], definition.path).toContain(parameter.key);
    }
  });
});
