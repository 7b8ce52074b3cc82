/**
 * Which practice an HL7 interface feeds (hl7_inbound_settings): the receiving facility a message
 * names in MSH-6 picks the practice, and the import acts as the interface user the setting names.
 * The import's scope is that one practice, so a message can never reach another group's patients.
 */
import type { Queryable } from '../../db/types.ts';
import type { Actor } from '../context.ts';

export interface Hl7Inbound {
  practiceID: number;
  groupID: number;
  actor: Actor;
}

/** The interface user as the import's services see them: audit rows say 'system' and the sender's address. */
function interfaceActor(userId: number, ip: string): Actor {
  return {
    userId,
    sessionId: 0,
    loginAuditId: 0,
    roleId: 0,
    dataRoleId: 0,
    modules: new Set(),
    mustChangePassword: false,
    ip,
    source: 'system',
  };
}

/** The practice a receiving facility (MSH-6) is set up for, or null. */
export async function inboundFor(q: Queryable, receivingFacility: string, ip: string): Promise<Hl7Inbound | null> {
  const [setting] = await q.query<{ practiceID: number; groupID: number; userID: number }>(
    `SELECT s.practice_id AS "practiceID", p.group_id AS "groupID", s.import_user_id AS "userID"
       FROM hl7_inbound_settings s
       JOIN practices p ON p.practice_id = s.practice_id AND p.active
       JOIN users u ON u.user_id = s.import_user_id AND u.active
      WHERE s.receiving_facility = upper(btrim($1)) AND s.active`,
    [receivingFacility],
  );
  if (!setting) return null;
  return {
    practiceID: Number(setting.practiceID),
    groupID: Number(setting.groupID),
    actor: interfaceActor(Number(setting.userID), ip),
  };
}

/** Sets up (or changes) a practice's HL7 interface. */
export async function setInbound(
  q: Queryable,
  setting: { practiceID: number; receivingFacility: string; importUserID: number; active?: boolean },
): Promise<void> {
  await q.query(
    `INSERT INTO hl7_inbound_settings (practice_id, receiving_facility, import_user_id, active) VALUES ($1, upper(btrim($2)), $3, $4)
     ON CONFLICT (practice_id) DO UPDATE SET receiving_facility = excluded.receiving_facility, import_user_id = excluded.import_user_id, active = excluded.active`,
    [setting.practiceID, setting.receivingFacility, setting.importUserID, setting.active ?? true],
  );
}

/** The demo's interface: MSH-6 "LAKESIDE" feeds the first practice, imported as the demo's administrator. */
export async function setDemoInbound(q: Queryable): Promise<void> {
  await q.query(
    `INSERT INTO hl7_inbound_settings (practice_id, receiving_facility, import_user_id)
     SELECT p.practice_id, 'LAKESIDE', u.user_id FROM practices p, users u
      WHERE u.email = 'admin@demo.test' AND p.practice_id = (SELECT min(practice_id) FROM practices WHERE active)
     ON CONFLICT DO NOTHING`,
  );
}
