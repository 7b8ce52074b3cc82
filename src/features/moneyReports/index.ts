/** What commands may use of the reports index and the money and activity reports. */
export { MONEY_REPORT_DEFINITIONS, type MoneyReportDefinition } from './definitions.ts';
