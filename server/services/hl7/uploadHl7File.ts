/**
 * Reports/uploadHL7File: a file of HL7 v2 messages exported by a practice's EHR, imported into that
 * practice one message at a time, as if each had come over the interface: each is accepted or
 * refused on its own (a bad message does not stop the others), and each has its row in the HL7
 * import log. The biller acts as themselves, within the practice they picked.
 */
import type { UploadHl7Reply } from '../../../contract/importLogs.ts';
import type { Db } from '../../db/types.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { importHl7Message } from './importHl7.ts';
import { splitHl7File } from './readHl7.ts';

/** Messages taken in one file: an EHR's day of charges for a practice is a few hundred. */
export const MAX_MESSAGES_PER_FILE = 2_000;

export interface Hl7FileUpload {
  practiceID: number;
  fileName: string;
  text: string;
}

export async function uploadHl7File(
  db: Db,
  actor: Actor,
  scope: DataScope,
  upload: Hl7FileUpload,
  now: Date,
): Promise<UploadHl7Reply> {
  if (!scope.practiceIds.includes(upload.practiceID)) throw new NotFoundError('Practice not found.');
  const [practice] = await db.query<{ groupID: number; active: boolean }>(
    'SELECT group_id AS "groupID", active FROM practices WHERE practice_id = $1',
    [upload.practiceID],
  );
  if (!practice) throw new NotFoundError('Practice not found.');
  if (!practice.active) throw new BadRequestError('The practice is inactive: it takes no HL7 messages.');
  const messages = splitHl7File(upload.text);
  if (messages.length === 0 || !messages.some((message) => message.startsWith('MSH')))
    throw new BadRequestError('The file holds no HL7 message: each message begins with an MSH segment.');
  if (messages.length > MAX_MESSAGES_PER_FILE)
    throw new BadRequestError(
      `The file holds ${messages.length.toLocaleString('en-US')} messages; upload at most ${MAX_MESSAGES_PER_FILE.toLocaleString('en-US')} at a time.`,
    );
  const destination = {
    practiceID: upload.practiceID,
    groupID: Number(practice.groupID),
    actor,
    channel: 'file' as const,
    fileName: upload.fileName,
  };
  const results: UploadHl7Reply['results'] = [];
  for (const [index, text] of messages.entries()) {
    const result = await importHl7Message(db, destination, text, now);
    results.push({
      hl7LogID: result.hl7LogID,
      position: index + 1,
      controlID: result.controlID,
      messageType: result.messageType,
      outcome: result.outcome,
      ackCode: result.ackCode,
      errors: result.errors,
      action: result.action,
      patientID: result.patientID,
      claimID: result.claimID,
    });
  }
  const count = (outcome: string) => results.filter((result) => result.outcome === outcome).length;
  const accepted = count('accepted');
  const errors = count('error');
  const rejected = count('rejected');
  await writeAudit(db, {
    userId: actor.userId,
    action: 'hl7.uploadFile',
    recordType: 'practice',
    recordId: upload.practiceID,
    source: actor.source,
    ip: actor.ip,
    detail: { fileName: upload.fileName, messages: results.length, accepted, errors, rejected },
  });
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return {
    message: `${upload.fileName}: ${plural(results.length, 'message')} read, ${accepted} accepted, ${plural(errors, 'error')}, ${rejected} rejected.`,
    accepted,
    errors,
    rejected,
    results,
  };
}
