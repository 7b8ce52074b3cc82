/**
 * Reading and archiving notes, and one note written at once (the bulk run is saveBulkNotes). A
 * note belongs to the data role through its claim (or its charge line's claim), else through
 * its patient's practice, else through its group. Archiving hides a note from the lists without
 * losing it: the DNA event says who archived which note.
 */
import { CLAIM_STATUS } from '../../../contract/claimStatus.ts';
import type { ClaimNote, NoteChangedReply, NotesReply, SystemNoteInput } from '../../../contract/claimNotes.ts';
import type { Db } from '../../db/types.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit, writeReadAudit, type ReadAuditDb } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { addClaimEvent } from './claimEvent.ts';
import { scopedClaim } from './scopedClaim.ts';

const NOTE_FROM = `
    FROM notes n
    JOIN note_types nt ON nt.note_type_id = n.note_type_id
    LEFT JOIN charges ch ON ch.charge_id = n.charge_id
    LEFT JOIN claims c ON c.claim_id = coalesce(n.claim_id, ch.claim_id)
    LEFT JOIN patients pa ON pa.patient_id = n.patient_id
    LEFT JOIN users u ON u.user_id = n.created_by`;

const NOTE_SELECT = `
  SELECT n.note_id AS "noteID", c.claim_id AS "claimID", n.charge_id AS "chargeID", ch.line_number::int AS "lineNumber",
         n.note_type_id::int AS "noteTypeID", nt.name AS "noteType", n.text, n.archived,
         nullif(concat_ws(' ', u.first_name, u.last_name), '') AS "createdBy",
         to_char(n.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt"
  ${NOTE_FROM}`;

const NOTE_IN_SCOPE = `(CASE WHEN c.claim_id IS NOT NULL THEN c.practice_id = ANY($2::bigint[])
                             WHEN pa.patient_id IS NOT NULL THEN pa.practice_id = ANY($2::bigint[])
                             ELSE n.group_id = ANY($3::bigint[]) END)`;

/** Claims/getNoteByID. */
export async function getNoteByID(q: ReadAuditDb, actor: Actor, scope: DataScope, noteID: number): Promise<ClaimNote> {
  const [note] = await q.query<ClaimNote>(`${NOTE_SELECT} WHERE n.note_id = $1 AND ${NOTE_IN_SCOPE}`, [
    noteID,
    scope.practiceIds,
    scope.groupIds,
  ]);
  if (!note) throw new NotFoundError();
  await writeReadAudit(q, {
    userId: actor.userId,
    action: 'notes.read',
    recordType: 'note',
    recordId: noteID,
    source: actor.source,
    ip: actor.ip,
  });
  return note;
}

/**
 * AddEditClaim/getNotesByLineItemID: the notes of a charge line, or with a claim every note of
 * the claim and of its lines; newest first, archived ones only when asked for.
 */
export async function getNotes(
  q: ReadAuditDb,
  actor: Actor,
  scope: DataScope,
  query: { chargeID?: number | undefined; claimID?: number | undefined; includeArchived: boolean },
): Promise<NotesReply> {
  let claimID = query.claimID;
  if (query.chargeID !== undefined) {
    const [charge] = await q.query<{ claimId: number }>(
      `SELECT ch.claim_id AS "claimId" FROM charges ch JOIN claims c ON c.claim_id = ch.claim_id WHERE ch.charge_id = $1 AND c.practice_id = ANY($2::bigint[])`,
      [query.chargeID, scope.practiceIds],
    );
    if (!charge) throw new NotFoundError();
    claimID = charge.claimId;
  } else if (claimID !== undefined) {
    await scopedClaim(q, scope, claimID);
  } else {
    throw new BadRequestError('Send either chargeID or claimID.');
  }
  const which =
    query.chargeID !== undefined
      ? { sql: 'n.charge_id = $1', value: query.chargeID }
      : {
          sql: '(n.claim_id = $1 OR n.charge_id IN (SELECT charge_id FROM charges WHERE claim_id = $1))',
          value: claimID,
        };
  const notes = await q.query<ClaimNote>(
    `${NOTE_SELECT} WHERE ${which.sql} AND ($2::boolean OR NOT n.archived) ORDER BY n.created_at DESC, n.note_id DESC`,
    [which.value, query.includeArchived],
  );
  await writeReadAudit(q, {
    userId: actor.userId,
    action: 'claims.notes',
    recordType: 'claim',
    recordId: claimID,
    source: actor.source,
    ip: actor.ip,
  });
  return { notes };
}

/** AddEditClaim/archiveNotes: archiving an archived note changes nothing and says so. */
export async function archiveNote(
  db: Db,
  actor: Actor,
  scope: DataScope,
  noteID: number,
  now: Date,
): Promise<NoteChangedReply> {
  return db.transaction(async (tx) => {
    const [note] = await tx.query<{ claimID: number | null; archived: boolean; noteTypeID: number }>(
      `SELECT c.claim_id AS "claimID", n.archived, n.note_type_id::int AS "noteTypeID" ${NOTE_FROM}
        WHERE n.note_id = $1 AND ${NOTE_IN_SCOPE} FOR UPDATE OF n`,
      [noteID, scope.practiceIds, scope.groupIds],
    );
    if (!note) throw new NotFoundError();
    if (note.archived) return { message: 'The note was already archived.', noteID, claimID: note.claimID };
    await tx.query('UPDATE notes SET archived = true WHERE note_id = $1', [noteID]);
    if (note.claimID !== null)
      await addClaimEvent(tx, note.claimID, actor, 'note.archived', { noteID, noteTypeID: note.noteTypeID }, now);
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'notes.archive',
      recordType: 'note',
      recordId: noteID,
      source: actor.source,
      ip: actor.ip,
      detail: { claimID: note.claimID },
    });
    return { message: 'Note archived.', noteID, claimID: note.claimID };
  });
}

/** AddEditClaim/saveSystemNotes: one note on one claim (and one of its lines), stored at once. */
export async function saveSystemNote(
  db: Db,
  actor: Actor,
  scope: DataScope,
  input: SystemNoteInput,
  now: Date,
): Promise<NoteChangedReply> {
  return db.transaction(async (tx) => {
    const claim = await scopedClaim(tx, scope, input.claimID);
    if (claim.claimStatusId === CLAIM_STATUS.void)
      throw new BadRequestError(`Claim ${input.claimID} is void: it takes no new notes.`);
    if (input.chargeID !== undefined) {
      const [line] = await tx.query('SELECT 1 FROM charges WHERE charge_id = $1 AND claim_id = $2', [
        input.chargeID,
        input.claimID,
      ]);
      if (!line) throw new BadRequestError(`That charge line is not on claim ${input.claimID}.`);
    }
    const [type] = await tx.query('SELECT 1 FROM note_types WHERE note_type_id = $1', [input.noteTypeID]);
    if (!type) throw new BadRequestError('Choose a note type from the list.');
    const [note] = await tx.query<{ noteId: number }>(
      `INSERT INTO notes (group_id, claim_id, charge_id, patient_id, note_type_id, text, created_by, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING note_id AS "noteId"`,
      [
        claim.groupId,
        input.claimID,
        input.chargeID ?? null,
        claim.patientId,
        input.noteTypeID,
        input.text,
        actor.userId,
        now,
      ],
    );
    if (!note) throw new Error('The note was not stored.');
    await addClaimEvent(
      tx,
      input.claimID,
      actor,
      'note.added',
      {
        noteID: note.noteId,
        noteTypeID: input.noteTypeID,
        ...(input.chargeID === undefined ? {} : { chargeID: input.chargeID }),
      },
      now,
    );
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'notes.add',
      recordType: 'note',
      recordId: note.noteId,
      source: actor.source,
      ip: actor.ip,
      detail: { claimID: input.claimID },
    });
    return { message: 'Note added.', noteID: note.noteId, claimID: input.claimID };
  });
}
