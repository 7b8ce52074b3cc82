/**
 * Demo 835 files that pay the demo's submitted claims, one per payer, written next to the demo
 * database and named after their group: a biller uploads them on the ERA screen (for that group)
 * and sees every claim and line match ours, then posts them.
 * Each line is allowed at 70% of its charge (the rest a CO-45 contractual adjustment) and paid at
 * 80% of that (the rest PR-2 coinsurance); every seventh claim is denied (CO-50, N115).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Queryable } from '../db/types.ts';
import { write835, type Claim835, type Line835 } from '../edi/era/write835.ts';
import { groupBy } from '../services/era/groupRows.ts';

/** Claims paid per file: enough to page through, small enough to read in the detail. */
const CLAIMS_PER_FILE = 60;
const FILES = 3;

interface ClaimRow {
  claimID: number;
  groupName: string;
  payerName: string;
  payerID: string;
  practiceName: string;
  npi: string;
  lastName: string;
  firstName: string;
  memberID: string;
  chargeID: number;
  cptCode: string;
  modifiers: string[];
  chargeCents: number;
  units: number;
  dosFrom: string;
  lineControlNumber: string;
}

function lineOf(row: ClaimRow, denied: boolean): Line835 {
  if (denied) {
    return {
      procedure: row.cptCode,
      modifiers: row.modifiers,
      chargeCents: row.chargeCents,
      paidCents: 0,
      allowedCents: null,
      units: row.units,
      serviceDate: row.dosFrom,
      lineControlNumber: row.lineControlNumber,
      adjustments: [{ group: 'CO', reason: '50', cents: row.chargeCents }],
      remarks: ['N115'],
    };
  }
  const allowed = Math.round(row.chargeCents * 0.7);
  const paid = Math.round(allowed * 0.8);
  return {
    procedure: row.cptCode,
    modifiers: row.modifiers,
    chargeCents: row.chargeCents,
    paidCents: paid,
    allowedCents: allowed,
    units: row.units,
    serviceDate: row.dosFrom,
    lineControlNumber: row.lineControlNumber,
    adjustments: [
      ...(row.chargeCents > allowed ? [{ group: 'CO' as const, reason: '45', cents: row.chargeCents - allowed }] : []),
      ...(allowed > paid ? [{ group: 'PR' as const, reason: '2', cents: allowed - paid }] : []),
    ],
    remarks: [],
  };
}

/** What a remittance needs of a claim and each of its open lines, one row a line. */
const CLAIM_ROW_COLUMNS = `c.claim_id AS "claimID", g.name AS "groupName", ins.name AS "payerName", ins.payer_id AS "payerID", pr.name AS "practiceName", pr.npi,
            p.last_name AS "lastName", p.first_name AS "firstName", COALESCE(pi.subscriber_id, p.account_number) AS "memberID",
            ch.charge_id AS "chargeID", ch.cpt_code AS "cptCode", array_remove(ARRAY[ch.modifier1, ch.modifier2, ch.modifier3, ch.modifier4], NULL) AS modifiers,
            ch.charge_cents AS "chargeCents", ch.units, ch.dos_from AS "dosFrom", ch.line_control_number AS "lineControlNumber"`;
const CLAIM_ROW_JOINS = `JOIN groups g ON g.group_id = c.group_id
       JOIN insurances ins ON ins.insurance_id = c.insurance_id
       JOIN practices pr ON pr.practice_id = c.practice_id
       JOIN patients p ON p.patient_id = c.patient_id
       LEFT JOIN patient_insurances pi ON pi.patient_insurance_id = c.patient_insurance_id
       JOIN charges ch ON ch.claim_id = c.claim_id AND ch.charge_status IN ('active', 'hold')`;

/** The claims of `rows` (in their order) as the payer answers them; every seventh denied. */
function claimsOf(rows: readonly ClaimRow[], today: string): Claim835[] {
  return [...groupBy(rows, (row) => row.claimID)].map(([claimID, lines], index): Claim835 => {
    const head = lines[0] as ClaimRow;
    const denied = index % 7 === 6;
    return {
      claimID: String(claimID),
      status: denied ? '4' : '1',
      patient: {
        lastName: head.lastName.toUpperCase(),
        firstName: head.firstName.toUpperCase(),
        memberID: head.memberID,
      },
      payerClaimControlNumber: `${today.replaceAll('-', '')}${String(claimID).padStart(8, '0')}`,
      lines: lines.map((line) => lineOf(line, denied)),
    };
  });
}

/** One 835 paying `claimIDs` (of one group), as from the first claim's payer: what the ERA bench posts. */
export async function remittanceForClaims(
  q: Queryable,
  claimIDs: readonly number[],
  today: string,
  traceNumber: string,
): Promise<string> {
  const rows = await q.query<ClaimRow>(
    `SELECT ${CLAIM_ROW_COLUMNS} FROM claims c ${CLAIM_ROW_JOINS} WHERE c.claim_id = ANY($1::bigint[]) ORDER BY c.claim_id, ch.line_number`,
    [claimIDs],
  );
  const [first] = rows;
  if (!first) throw new Error('None of the claims has an open line to pay.');
  return write835({
    payer: { name: first.payerName.toUpperCase(), identifier: first.payerID },
    payee: { name: first.practiceName.toUpperCase(), npi: first.npi },
    traceNumber,
    paymentDate: today,
    controlNumber: 1,
    claims: claimsOf(rows, today),
  });
}

/** Writes the files into `dir` and returns their paths (none when no claim stands as submitted). */
export async function writeDemoRemittances(q: Queryable, dir: string, today: string): Promise<string[]> {
  const rows = await q.query<ClaimRow>(
    `WITH paid AS (
       SELECT c.claim_id, c.insurance_id, dense_rank() OVER (PARTITION BY c.insurance_id ORDER BY c.claim_id) AS n
         FROM claims c
        WHERE c.claim_status_id IN (3, 4) AND c.insurance_id IS NOT NULL
          -- One group's claims: a file is uploaded for one group, and its payee is one practice's.
          AND c.group_id = (SELECT group_id FROM claims WHERE claim_status_id IN (3, 4) GROUP BY group_id ORDER BY count(*) DESC, group_id LIMIT 1)
     ), payers AS (
       SELECT insurance_id FROM paid GROUP BY insurance_id ORDER BY count(*) DESC LIMIT ${FILES}
     )
     SELECT ${CLAIM_ROW_COLUMNS}
       FROM paid JOIN payers USING (insurance_id)
       JOIN claims c ON c.claim_id = paid.claim_id
       ${CLAIM_ROW_JOINS}
      WHERE paid.n <= ${CLAIMS_PER_FILE}
      ORDER BY ins.payer_id, c.claim_id, ch.line_number`,
  );
  const byPayer = groupBy(rows, (row) => row.payerID);
  if (byPayer.size === 0) return [];
  await mkdir(dir, { recursive: true });
  const written: string[] = [];
  let controlNumber = 1;
  for (const [payerID, payerRows] of byPayer) {
    const claims = claimsOf(payerRows, today);
    const [first] = payerRows;
    if (!first) continue;
    const text = write835({
      payer: { name: first.payerName.toUpperCase(), identifier: payerID },
      payee: { name: first.practiceName.toUpperCase(), npi: first.npi },
      traceNumber: `DEMO${payerID.replace(/\W/g, '')}${today.replaceAll('-', '')}`,
      paymentDate: today,
      controlNumber: controlNumber++,
      claims,
    });
    // Named after the group first: the upload asks for the group when the biller has several.
    const path = join(
      dir,
      `${first.groupName.replace(/[\\/:*?"<>|]/g, '')} - payer ${payerID.replace(/\W/g, '')} - ${today}.835`,
    );
    await writeFile(path, text, 'utf8');
    written.push(path);
  }
  return written;
}
