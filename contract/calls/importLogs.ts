/** The HL7 and EDI import logs, spread into Reports and Claims. */
import { planned } from '../call.ts';

export const importLogReportCalls = {
  getHL7ImportLogProfileData: planned('GET', 'REPORTS'),
};

export const importLogClaimsCalls = {
  getEdiImportLogStatus: planned('GET', 'CLAIMS'),
};
