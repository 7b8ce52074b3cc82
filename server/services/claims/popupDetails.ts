/**
 * Repository/getPopupDetailsDatabyID: a record in a few labelled lines for the detail popups (a
 * patient, payer, provider, facility, charge line, ledger posting, CARC or RARC by its code), and
 * Repository/getPaymentLedgerDetail: one ledger posting in full. Records outside the data role are
 * not found; the lines reuse the services the screens read (the charge lines' figures, the
 * ledger's rows with their figure, the CARC and RARC code lists).
 */
import type { PaymentLedgerDetailReply, PopupReply, PopupType } from '../../../contract/claimSideCalls.ts';
import type { LedgerRow } from '../../../contract/ledger.ts';
import { formatCents } from '../../../contract/money.ts';
import type { Queryable } from '../../db/types.ts';
import { NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { ledgerRows } from '../ledger/paymentLedgers.ts';
import { claimFigures } from '../ledger/ledgerFigures.ts';
import { adjustmentCodes } from '../lookups/codeLists.ts';
import { chargeLines } from './claimDetail.ts';

type Line = PopupReply['lines'][number];
const line = (label: string, value: string | number | null | undefined): Line[] =>
  value === null || value === undefined || value === '' ? [] : [{ label, value: String(value) }];

/** A record id: digits only (a CARC or RARC is a code). */
function recordID(id: string): number {
  if (!/^\d{1,15}$/.test(id)) throw new NotFoundError();
  return Number(id);
}

async function one<T>(q: Queryable, sql: string, params: unknown[]): Promise<T> {
  const [row] = await q.query<T>(sql, params);
  if (!row) throw new NotFoundError();
  return row;
}

/** One ledger posting of the data role, with who posted it, its check or batch, and the rows it reverses or that reverse it. */
export async function paymentLedgerDetail(
  q: Queryable,
  scope: DataScope,
  ledgerID: number,
): Promise<PaymentLedgerDetailReply> {
  const own = await one<{
    patientID: number;
    patientName: string;
    postedBy: string | null;
    postedAt: string;
    eraCheckID: number | null;
    traceNumber: string | null;
    payerName: string | null;
    paymentBatchID: number | null;
    batchNumber: string | null;
  }>(
    q,
    `SELECT l.patient_id AS "patientID", concat_ws(', ', p.last_name, p.first_name) AS "patientName",
            nullif(concat_ws(' ', u.first_name, u.last_name), '') AS "postedBy",
            to_char(l.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "postedAt",
            l.era_check_id AS "eraCheckID", ec.trace_number AS "traceNumber", ec.payer_name AS "payerName",
            l.payment_batch_id AS "paymentBatchID", pb.batch_number AS "batchNumber"
       FROM ledger_entries l
       JOIN patients p ON p.patient_id = l.patient_id
       LEFT JOIN users u ON u.user_id = l.created_by
       LEFT JOIN era_checks ec ON ec.era_check_id = l.era_check_id
       LEFT JOIN payment_batches pb ON pb.payment_batch_id = l.payment_batch_id
      WHERE l.ledger_id = $1 AND l.practice_id = ANY($2::bigint[])`,
    [ledgerID, scope.practiceIds],
  );
  const rows = await ledgerRows(q, { patientID: Number(own.patientID) }, scope.practiceIds);
  const byID = new Map(rows.map((row) => [row.ledgerID, row]));
  const row = byID.get(ledgerID);
  if (!row) throw new NotFoundError();
  return {
    row,
    patientName: own.patientName,
    postedBy: own.postedBy,
    postedAt: own.postedAt,
    eraCheck:
      own.eraCheckID === null
        ? null
        : { eraCheckID: Number(own.eraCheckID), traceNumber: own.traceNumber ?? '', payerName: own.payerName ?? '' },
    paymentBatch:
      own.paymentBatchID === null
        ? null
        : { paymentBatchID: Number(own.paymentBatchID), batchNumber: own.batchNumber ?? '' },
    reverses: row.reversesLedgerID === null ? null : (byID.get(row.reversesLedgerID) ?? null),
    reversedBy: row.reversedByLedgerID === null ? null : (byID.get(row.reversedByLedgerID) ?? null),
  };
}

const ENTRY_WORDS = (row: LedgerRow) => row.entryType.replace(/_/g, ' ');

type Popup = Omit<PopupReply, 'type' | 'id'>;

const POPUPS: Readonly<Record<PopupType, (q: Queryable, scope: DataScope, id: string) => Promise<Popup>>> = {
  async patient(q, scope, id) {
    const patient = await one<Record<string, string | null>>(
      q,
      `SELECT concat_ws(', ', last_name, concat_ws(' ', first_name, middle_name)) AS name, account_number AS account,
              to_char(date_of_birth, 'MM/DD/YYYY') AS dob, sex, concat_ws(', ', address1, address2, city, state || ' ' || zip) AS address,
              phone, email,
              (SELECT i.name FROM patient_insurances pi JOIN insurances i ON i.insurance_id = pi.insurance_id
                WHERE pi.patient_id = p.patient_id AND pi.active ORDER BY pi.priority LIMIT 1) AS primary
         FROM patients p WHERE patient_id = $1 AND practice_id = ANY($2::bigint[])`,
      [recordID(id), scope.practiceIds],
    );
    return {
      title: patient.name ?? '',
      lines: [
        ...line('Account', patient.account),
        ...line('Date of birth', patient.dob),
        ...line('Sex', patient.sex),
        ...line('Address', patient.address),
        ...line('Phone', patient.phone),
        ...line('E-mail', patient.email),
        ...line('Primary insurance', patient.primary ?? 'None on file (self-pay)'),
      ],
    };
  },
  async payer(q, scope, id) {
    const payer = await one<Record<string, string | number | null>>(
      q,
      `SELECT name, payer_id AS "payerID", insurance_type AS type, concat_ws(', ', address1, city, state || ' ' || zip) AS address,
              phone, timely_filing_days AS "timelyFiling", active
         FROM insurances WHERE insurance_id = $1 AND (group_id IS NULL OR group_id = ANY($2::bigint[]))`,
      [recordID(id), scope.groupIds],
    );
    return {
      title: String(payer.name),
      lines: [
        ...line('Payer ID', payer.payerID),
        ...line('Type', String(payer.type).replace(/_/g, ' ')),
        ...line('Address', payer.address),
        ...line('Phone', payer.phone),
        ...line('Timely filing', `${String(payer.timelyFiling)} days`),
        ...line('Active', payer.active ? 'Yes' : 'No'),
      ],
    };
  },
  async provider(q, scope, id) {
    const provider = await one<Record<string, string | boolean | null>>(
      q,
      `SELECT concat_ws(', ', last_name, first_name) AS name, npi, taxonomy_code AS taxonomy, provider_type AS type,
              is_referring AS referring, active
         FROM providers WHERE provider_id = $1 AND group_id = ANY($2::bigint[])`,
      [recordID(id), scope.groupIds],
    );
    return {
      title: String(provider.name),
      lines: [
        ...line('NPI', provider.npi as string),
        ...line('Taxonomy', provider.taxonomy as string | null),
        ...line('Type', provider.type as string),
        ...line('Referring', provider.referring ? 'Yes' : 'No'),
        ...line('Active', provider.active ? 'Yes' : 'No'),
      ],
    };
  },
  async facility(q, scope, id) {
    const facility = await one<Record<string, string | boolean | null>>(
      q,
      `SELECT f.name, f.npi, f.pos_code || coalesce(' ' || pos.name, '') AS pos, f.bill_type AS "billType",
              concat_ws(', ', f.address1, f.city, f.state || ' ' || f.zip) AS address, f.active
         FROM facilities f LEFT JOIN place_of_service pos ON pos.code = f.pos_code
        WHERE f.facility_id = $1 AND f.practice_id = ANY($2::bigint[])`,
      [recordID(id), scope.practiceIds],
    );
    return {
      title: String(facility.name),
      lines: [
        ...line('NPI', facility.npi as string | null),
        ...line('Place of service', facility.pos as string | null),
        ...line('Bill type', facility.billType as string | null),
        ...line('Address', facility.address as string),
        ...line('Active', facility.active ? 'Yes' : 'No'),
      ],
    };
  },
  async charge(q, scope, id) {
    const chargeID = recordID(id);
    const { claimID } = await one<{ claimID: number }>(
      q,
      `SELECT c.claim_id AS "claimID" FROM charges ch JOIN claims c ON c.claim_id = ch.claim_id
        WHERE ch.charge_id = $1 AND ch.charge_status <> 'deleted' AND c.practice_id = ANY($2::bigint[])`,
      [chargeID, scope.practiceIds],
    );
    const lines = await chargeLines(q, Number(claimID), await claimFigures(q, Number(claimID)));
    const charge = lines.find((candidate) => candidate.chargeID === chargeID);
    if (!charge) throw new NotFoundError();
    return {
      title: `Line ${charge.lineNumber} ${[charge.cptCode, ...charge.modifiers].join('-')} of claim ${claimID}`,
      lines: [
        ...line('Units', charge.units),
        ...line('Charge', formatCents(charge.charge)),
        ...line('Paid', formatCents(charge.paid)),
        ...line('Adjusted', formatCents(charge.adjusted)),
        ...line('Balance', formatCents(charge.balance)),
        ...line('Diagnosis pointers', charge.diagnosisPointers.join(', ')),
        ...line('Status', charge.status),
      ],
    };
  },
  async ledger(q, scope, id) {
    const detail = await paymentLedgerDetail(q, scope, recordID(id));
    const { row } = detail;
    return {
      title: `${ENTRY_WORDS(row)} ${formatCents(row.amount)}`,
      lines: [
        ...line('Posted', row.postingDate),
        ...line('Claim', row.claimID),
        ...line('Line', row.chargeLine === null ? null : `${row.chargeLine} ${row.cptCode ?? ''}`.trim()),
        ...line(
          'Reason',
          row.reasonCode === null ? null : `${row.groupCode ?? ''}-${row.reasonCode} ${row.reasonDescription ?? ''}`,
        ),
        ...line('Payer', row.payerName),
        ...line('ERA check', detail.eraCheck?.traceNumber),
        ...line('Payment batch', detail.paymentBatch?.batchNumber),
        ...line('Note', row.note),
        ...line('By', detail.postedBy),
        ...line(
          'Reverses',
          detail.reverses ? `${ENTRY_WORDS(detail.reverses)} ${formatCents(detail.reverses.amount)}` : null,
        ),
        ...line('Reversed by', row.reversedByLedgerID === null ? null : `posting ${row.reversedByLedgerID}`),
      ],
    };
  },
  async carc(q, _scope, id) {
    return codePopup(q, 'reason', id, 'CARC');
  },
  async rarc(q, _scope, id) {
    return codePopup(q, 'remark', id, 'RARC');
  },
};

/** A CARC or RARC from the code lists (getReasonCode / getRemarkCode's service). */
async function codePopup(q: Queryable, list: 'reason' | 'remark', id: string, kind: string): Promise<Popup> {
  const code = id.toUpperCase();
  const found = (await adjustmentCodes(q, list, { searchValue: code })).find((row) => row.code === code);
  if (!found) throw new NotFoundError(`${kind} ${code} is not in the code list.`);
  return {
    title: `${kind} ${found.code}`,
    lines: [...line('Description', found.description), ...line('Stopped', found.stopDate)],
  };
}

export async function popupDetails(
  q: Queryable,
  scope: DataScope,
  query: { id: string; type: PopupType },
): Promise<PopupReply> {
  const popup = await POPUPS[query.type](q, scope, query.id);
  return { type: query.type, id: query.id, ...popup };
}
