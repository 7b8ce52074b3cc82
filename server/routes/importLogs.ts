import type { FastifyInstance } from 'fastify';
import { MAX_HL7_FILE_BYTES, uploadHl7QuerySchema } from '../../contract/importLogs.ts';
import { BadRequestError } from '../errors.ts';
import { describeInputError } from '../http/describeInputError.ts';
import { defineCall } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { hl7InboundSettings, saveHl7InboundSettings } from '../services/hl7/inboundSettings.ts';
import { uploadHl7File } from '../services/hl7/uploadHl7File.ts';
import { ediImportLog } from '../services/importLogs/ediLog.ts';
import { hl7ImportLog } from '../services/importLogs/hl7Log.ts';
import { Claims } from '../../contract/calls/claims.ts';
import { Reports } from '../../contract/calls/reports.ts';

/** The HL7 import (uploaded files; the MLLP listener is started by main.ts) and the HL7 and EDI import logs. */
export function importLogRoutes(app: FastifyInstance, deps: AuthDeps): void {
  // The HL7 file is the body itself (text), larger than the server's usual body limit.
  const uploadUrl = `/api${Reports.uploadHL7File.path}`;
  app.addHook('onRoute', (route) => {
    if (route.url === uploadUrl) route.bodyLimit = MAX_HL7_FILE_BYTES;
  });

  defineCall(app, deps, Reports.uploadHL7File, {
    handler: async (text, context, request) => {
      const query = uploadHl7QuerySchema.safeParse(request.query ?? {});
      if (!query.success) throw new BadRequestError(describeInputError(query.error, request.query ?? {}));
      return context.data.run(uploadHl7File)(
        { practiceID: query.data.practiceID, fileName: query.data.fileName, text },
        deps.now(),
      );
    },
  });

  defineCall(app, deps, Reports.getHL7ImportLogProfileData, {
    handler: async (input, context) => context.data.inScope(hl7ImportLog)(input),
  });

  defineCall(app, deps, Reports.getHL7InboundSettings, {
    handler: async (_input, context) => context.data.inScope(hl7InboundSettings)(),
  });

  defineCall(app, deps, Reports.saveHL7InboundSettings, {
    handler: async (input, context) => context.data.run(saveHl7InboundSettings)(input),
  });

  defineCall(app, deps, Claims.getEdiImportLogStatus, {
    handler: async (input, context) => context.data.inScope(ediImportLog)(input),
  });
}
