/**
 * Reports/getHL7InboundSettings and Reports/saveHL7InboundSettings: the practices' HL7 interfaces
 * (hl7_inbound_settings) as an administrator reads and sets them on the HL7 import log, within
 * their data role. A receiving facility feeds one practice only, and the import acts as an active
 * user who sees that practice's group.
 */
import type { MessageReply } from '../../../contract/auth.ts';
import type { Hl7InboundSettingsReply, SaveHl7InboundSettingsInput } from '../../../contract/importLogs.ts';
import type { Db, Queryable } from '../../db/types.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';

export const HL7_INBOUND_SAVED = 'HL7 interface saved successfully';

/** Active users whose data role sees a group of the scope: whom an import may act as. */
const USERS_SQL = `SELECT u.user_id AS "userID", concat_ws(' ', u.first_name, u.last_name) AS name, u.email
   FROM users u
  WHERE u.active AND EXISTS (SELECT 1 FROM data_role_groups d WHERE d.data_role_id = u.data_role_id AND d.group_id = ANY($1::bigint[]))`;

export async function hl7InboundSettings(q: Queryable, scope: DataScope): Promise<Hl7InboundSettingsReply> {
  const rows = await q.query<Hl7InboundSettingsReply['rows'][number]>(
    `SELECT p.practice_id AS "practiceID", p.name AS "practiceName", g.name AS "groupName",
            s.receiving_facility AS "receivingFacility", s.import_user_id AS "importUserID",
            CASE WHEN u.user_id IS NULL THEN NULL ELSE concat_ws(' ', u.first_name, u.last_name) END AS "importUserName",
            coalesce(s.active, false) AS active
       FROM practices p JOIN groups g ON g.group_id = p.group_id
       LEFT JOIN hl7_inbound_settings s ON s.practice_id = p.practice_id
       LEFT JOIN users u ON u.user_id = s.import_user_id
      WHERE p.practice_id = ANY($1::bigint[])
      ORDER BY g.name, p.name, p.practice_id`,
    [scope.practiceIds],
  );
  const users = await q.query<Hl7InboundSettingsReply['users'][number]>(`${USERS_SQL} ORDER BY name, u.user_id`, [
    scope.groupIds,
  ]);
  return {
    rows: rows.map((row) => ({
      ...row,
      practiceID: Number(row.practiceID),
      importUserID: nullableNumber(row.importUserID),
    })),
    users: users.map((user) => ({ ...user, userID: Number(user.userID) })),
  };
}

const nullableNumber = (value: number | null): number | null => (value === null ? null : Number(value));

export async function saveHl7InboundSettings(
  db: Db,
  actor: Actor,
  scope: DataScope,
  input: SaveHl7InboundSettingsInput,
): Promise<MessageReply> {
  return db.transaction(async (tx) => {
    const [practice] = await tx.query<{ groupID: number; name: string }>(
      'SELECT group_id AS "groupID", name FROM practices WHERE practice_id = $1 AND practice_id = ANY($2::bigint[])',
      [input.practiceID, scope.practiceIds],
    );
    if (!practice) throw new NotFoundError('Practice not found.');
    const [user] = await tx.query<{ userID: number }>(`${USERS_SQL} AND u.user_id = $2`, [
      [practice.groupID],
      input.importUserID,
    ]);
    if (!user)
      throw new BadRequestError(
        `User ${input.importUserID} cannot import for ${practice.name}: choose an active user who sees its group.`,
      );
    // Locked so two saves of one facility for two practices cannot both pass the check.
    await tx.query('LOCK TABLE hl7_inbound_settings IN SHARE ROW EXCLUSIVE MODE');
    const [taken] = await tx.query<{ name: string }>(
      `SELECT p.name FROM hl7_inbound_settings s JOIN practices p USING (practice_id)
        WHERE s.receiving_facility = $1 AND s.practice_id <> $2`,
      [input.receivingFacility, input.practiceID],
    );
    if (taken)
      throw new ConflictError(
        `The receiving facility ${input.receivingFacility} already feeds another practice: choose another name.`,
      );
    const [before] = await tx.query<Record<string, unknown>>(
      'SELECT receiving_facility AS "receivingFacility", import_user_id AS "importUserID", active FROM hl7_inbound_settings WHERE practice_id = $1',
      [input.practiceID],
    );
    await tx.query(
      `INSERT INTO hl7_inbound_settings (practice_id, receiving_facility, import_user_id, active) VALUES ($1, $2, $3, $4)
       ON CONFLICT (practice_id) DO UPDATE SET receiving_facility = excluded.receiving_facility, import_user_id = excluded.import_user_id, active = excluded.active`,
      [input.practiceID, input.receivingFacility, input.importUserID, input.active],
    );
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'hl7.inboundSettings.save',
      recordType: 'practice',
      recordId: input.practiceID,
      source: actor.source,
      ip: actor.ip,
      detail: {
        before: before ?? null,
        after: { receivingFacility: input.receivingFacility, importUserID: input.importUserID, active: input.active },
      },
    });
    return { message: HL7_INBOUND_SAVED };
  });
}
