/** The import logs' calls and the HL7 file upload, through the one client. */
import { Claims } from '../../../contract/calls/claims.ts';
import { Reports } from '../../../contract/calls/reports.ts';
import type {
  EdiImportLogQuery,
  EdiImportLogReply,
  Hl7ImportLogQuery,
  Hl7ImportLogReply,
  UploadHl7Reply,
} from '../../../contract/importLogs.ts';
import { callApi, type CallOptions } from '../../api/client.ts';

export function getHl7ImportLog(query: Hl7ImportLogQuery, options?: CallOptions): Promise<Hl7ImportLogReply> {
  return callApi(Reports.getHL7ImportLogProfileData, query, options);
}

export function getEdiImportLog(query: EdiImportLogQuery, options?: CallOptions): Promise<EdiImportLogReply> {
  return callApi(Claims.getEdiImportLogStatus, query, options);
}

export function uploadHl7File(
  upload: { practiceID: number; fileName: string; text: string },
  options: CallOptions = {},
): Promise<UploadHl7Reply> {
  return callApi(
    Reports.uploadHL7File,
    { practiceID: upload.practiceID, fileName: upload.fileName },
    { ...options, text: upload.text },
  );
}
