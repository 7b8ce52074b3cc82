/** The import logs' calls and the HL7 file upload, through the one client. */
import { Claims } from '../../../contract/calls/claims.ts';
import { Reports } from '../../../contract/calls/reports.ts';
import type {
  EdiImportLogQuery,
  EdiImportLogReply,
  Hl7ImportLogQuery,
  Hl7ImportLogReply,
  Hl7InboundSettingsReply,
  SaveHl7InboundSettingsRequest,
  UploadHl7Reply,
} from '../../../contract/importLogs.ts';
import type { MessageReply } from '../../../contract/auth.ts';
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

/** The practices' HL7 interfaces and the users an import may act as (administrators). */
export function getHl7InboundSettings(options?: CallOptions): Promise<Hl7InboundSettingsReply> {
  return callApi(Reports.getHL7InboundSettings, {}, options);
}

export function saveHl7InboundSettings(
  request: SaveHl7InboundSettingsRequest,
  options?: CallOptions,
): Promise<MessageReply> {
  return callApi(Reports.saveHL7InboundSettings, request, options);
}
