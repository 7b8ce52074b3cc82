/** What commands may use of the import log screens: their filters, and the upload's call and words. */
export {
  ediLogOnScreen,
  hl7InboundSettingsSaved,
  hl7LogOnScreen,
  hl7MessagesImported,
  setEdiLogFilters,
  setHl7LogFilters,
} from './importLogsOnScreen.ts';
export { getHl7InboundSettings, saveHl7InboundSettings, uploadHl7File } from './importLogsApi.ts';
export { NO_EDI_FILTERS, NO_HL7_FILTERS, uploadText, type EdiLogFilters, type Hl7LogFilters } from './importLogText.ts';
