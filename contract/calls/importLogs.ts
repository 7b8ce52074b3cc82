/** The HL7 import and the HL7 and EDI import logs, spread into Reports and Claims. */
import { messageReplySchema } from '../auth.ts';
import { get, post, postText } from '../call.ts';
import {
  ediImportLogQuerySchema,
  ediImportLogReplySchema,
  hl7ImportLogQuerySchema,
  hl7ImportLogReplySchema,
  hl7InboundSettingsQuerySchema,
  hl7InboundSettingsReplySchema,
  saveHl7InboundSettingsSchema,
  uploadHl7BodySchema,
  uploadHl7QuerySchema,
  uploadHl7ReplySchema,
} from '../importLogs.ts';

export const importLogReportCalls = {
  getHL7ImportLogProfileData: get('REPORTS', { input: hl7ImportLogQuerySchema, reply: hl7ImportLogReplySchema }),
  /** A file of HL7 v2 messages from a practice's EHR, imported one message at a time (this product's own call). */
  uploadHL7File: postText('CLAIMS', {
    input: uploadHl7BodySchema,
    query: uploadHl7QuerySchema,
    reply: uploadHl7ReplySchema,
    timeoutMs: 300_000,
  }),
  /** The practices' HL7 interfaces (receiving facility, import user, active): administrators only (this product's own call). */
  getHL7InboundSettings: get('ADMIN_PRACTICES', {
    input: hl7InboundSettingsQuerySchema,
    reply: hl7InboundSettingsReplySchema,
  }),
  /** Sets up or changes one practice's HL7 interface (this product's own call). */
  saveHL7InboundSettings: post('ADMIN_PRACTICES', { input: saveHl7InboundSettingsSchema, reply: messageReplySchema }),
};

export const importLogClaimsCalls = {
  /**
   * Served under Claims (the catalogue's path), but a report like its HL7 twin: it needs the
   * REPORTS module, which holds its menu link (Reports → EDI Import Log).
   */
  getEdiImportLogStatus: get('REPORTS', { input: ediImportLogQuerySchema, reply: ediImportLogReplySchema }),
};
