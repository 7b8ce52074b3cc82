import type { Queryable } from '../db/types.ts';
import { dateToDay } from './dates.ts';

/**
 * The patients claims are drawn from, held column by column in typed arrays: at a million claims
 * there are a third of a million patients, and one object each would cost several times more.
 */
export interface PoolPatient {
  readonly patientId: number;
  readonly practiceId: number;
  readonly groupId: number;
  /** 'LAST, FIRST' in capitals, as claim lists show it. */
  readonly claimName: string;
  readonly dobDay: number;
  readonly primary: Coverage | null;
  readonly secondary: Coverage | null;
}

export interface Coverage {
  readonly patientInsuranceId: number;
  readonly insuranceId: number;
}

interface PoolRow {
  patient_id: number;
  practice_id: number;
  group_id: number;
  first_name: string;
  last_name: string;
  date_of_birth: string;
  primary_pi: number | null;
  primary_ins: number | null;
  secondary_pi: number | null;
  secondary_ins: number | null;
}

const PAGE = 50_000;

export class PatientPool {
  private patientIds: Float64Array = new Float64Array(0);
  private practiceIds: Float64Array = new Float64Array(0);
  private groupIds: Float64Array = new Float64Array(0);
  private dobDays: Int32Array = new Int32Array(0);
  private coverage: Float64Array = new Float64Array(0); // 4 per patient: primary pi, ins, secondary pi, ins (0 = none)
  private names: string[] = [];
  length = 0;

  private grow(capacity: number): void {
    const grow64 = (old: Float64Array, per = 1): Float64Array => {
      const next = new Float64Array(capacity * per);
      next.set(old);
      return next;
    };
    this.patientIds = grow64(this.patientIds);
    this.practiceIds = grow64(this.practiceIds);
    this.groupIds = grow64(this.groupIds);
    this.coverage = grow64(this.coverage, 4);
    const dob = new Int32Array(capacity);
    dob.set(this.dobDays);
    this.dobDays = dob;
  }

  private push(row: PoolRow): void {
    if (this.length === this.patientIds.length) this.grow(Math.max(1024, this.length * 2));
    const i = this.length;
    this.patientIds[i] = row.patient_id;
    this.practiceIds[i] = row.practice_id;
    this.groupIds[i] = row.group_id;
    this.dobDays[i] = dateToDay(row.date_of_birth);
    this.coverage.set(
      [row.primary_pi ?? 0, row.primary_ins ?? 0, row.secondary_pi ?? 0, row.secondary_ins ?? 0],
      i * 4,
    );
    this.names.push(`${row.last_name}, ${row.first_name}`.toUpperCase());
    this.length += 1;
  }

  get(index: number): PoolPatient {
    const c = index * 4;
    const coverage = (pi: number, ins: number): Coverage | null =>
      pi > 0 && ins > 0 ? { patientInsuranceId: pi, insuranceId: ins } : null;
    return {
      patientId: this.patientIds[index] ?? 0,
      practiceId: this.practiceIds[index] ?? 0,
      groupId: this.groupIds[index] ?? 0,
      claimName: this.names[index] ?? '',
      dobDay: this.dobDays[index] ?? 0,
      primary: coverage(this.coverage[c] ?? 0, this.coverage[c + 1] ?? 0),
      secondary: coverage(this.coverage[c + 2] ?? 0, this.coverage[c + 3] ?? 0),
    };
  }

  /**
   * Active patients of `practiceIds` with their first active coverage of priority 1 and 2, read a
   * page at a time in id order (the order makes the seed repeatable).
   */
  static async load(q: Queryable, practiceIds: readonly number[]): Promise<PatientPool> {
    const pool = new PatientPool();
    let after = 0;
    for (;;) {
      const rows = await q.query<PoolRow>(
        `SELECT p.patient_id, p.practice_id, p.group_id, p.first_name, p.last_name, p.date_of_birth,
                c1.patient_insurance_id AS primary_pi, c1.insurance_id AS primary_ins,
                c2.patient_insurance_id AS secondary_pi, c2.insurance_id AS secondary_ins
           FROM patients p
           LEFT JOIN LATERAL (SELECT patient_insurance_id, insurance_id FROM patient_insurances
                               WHERE patient_id = p.patient_id AND priority = 1 AND active
                               ORDER BY patient_insurance_id LIMIT 1) c1 ON true
           LEFT JOIN LATERAL (SELECT patient_insurance_id, insurance_id FROM patient_insurances
                               WHERE patient_id = p.patient_id AND priority = 2 AND active
                               ORDER BY patient_insurance_id LIMIT 1) c2 ON true
          WHERE p.active AND p.practice_id = ANY($1::bigint[]) AND p.patient_id > $2
          ORDER BY p.patient_id
          LIMIT ${PAGE}`,
        [practiceIds, after],
      );
      rows.forEach((row) => pool.push(row));
      const last = rows[rows.length - 1];
      if (!last || rows.length < PAGE) break;
      after = last.patient_id;
    }
    return pool;
  }
}
