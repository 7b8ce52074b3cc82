import {
  AGING_REPORT_PATH,
  DENIAL_MANAGEMENT_PATH,
  EDI_IMPORT_LOG_PATH,
  HL7_IMPORT_LOG_PATH,
  MONTHLY_SUMMARY_PATH,
} from '../../routing/paths.ts';
import { MONEY_REPORT_DEFINITIONS } from './definitions.ts';

/** One entry of the reports index. */
export interface ReportEntry {
  title: string;
  description: string;
  path: string;
  keywords: readonly string[];
}

/** The product's other reports, each on a screen of its own. */
const OTHER_REPORTS: readonly ReportEntry[] = [
  {
    title: 'Aging report',
    description: 'Aged trial balance, aging by insurance, provider and patient.',
    path: AGING_REPORT_PATH,
    keywords: ['aging', 'aged trial balance', 'ar'],
  },
  {
    title: 'Monthly summary',
    description: 'A month’s charges, payments and adjustments; the month-end lock.',
    path: MONTHLY_SUMMARY_PATH,
    keywords: ['month end', 'monthly', 'close'],
  },
  {
    title: 'Denial management',
    description: 'Denied claims with their reasons and denied charges.',
    path: DENIAL_MANAGEMENT_PATH,
    keywords: ['denials', 'carc'],
  },
  {
    title: 'HL7 import log',
    description: 'Messages received from the practice systems and what came of them.',
    path: HL7_IMPORT_LOG_PATH,
    keywords: ['hl7', 'import', 'interface'],
  },
  {
    title: 'EDI import log',
    description: 'Files received from clearinghouses and payers.',
    path: EDI_IMPORT_LOG_PATH,
    keywords: ['edi', '999', '277', 'import'],
  },
];

/** Every report, by title: the money and activity reports and the others. */
export const REPORT_ENTRIES: readonly ReportEntry[] = [
  ...MONEY_REPORT_DEFINITIONS.map((definition) => ({
    title: definition.title,
    description: definition.description,
    path: definition.path,
    keywords: definition.keywords,
  })),
  ...OTHER_REPORTS,
].sort((a, b) => a.title.localeCompare(b.title));
