import type { Queryable } from '../db/types.ts';
import { dateToDay } from './dates.ts';
import { PROCEDURES } from './procedures.ts';

/** What a practice charges for a code on a date: its standard (payer-independent) fee schedules. */
interface Schedule {
  readonly fromDay: number;
  readonly toDay: number;
  readonly fees: Map<string, number>;
}

const baseFees = new Map(PROCEDURES.map((procedure) => [procedure.code, procedure.baseFeeCents]));

export class FeeLookup {
  private constructor(private readonly schedules: ReadonlyMap<number, readonly Schedule[]>) {}

  /** Fee in cents for one unit; falls back to the base list for a code the practice did not price. */
  fee(practiceId: number, code: string, day: number): number {
    const list = this.schedules.get(practiceId) ?? [];
    const covering =
      list.find((schedule) => schedule.fromDay <= day && day <= schedule.toDay) ??
      (day < (list[0]?.fromDay ?? 0) ? list[0] : list[list.length - 1]);
    const fee = covering?.fees.get(code) ?? baseFees.get(code);
    if (fee === undefined) throw new Error(`No fee for ${code} at practice ${practiceId}.`);
    return fee;
  }

  static async load(q: Queryable): Promise<FeeLookup> {
    const rows = await q.query<{
      practice_id: number;
      fee_schedule_id: number;
      effective_from: string;
      effective_to: string | null;
      cpt_code: string;
      amount_cents: number;
    }>(
      `SELECT s.practice_id, s.fee_schedule_id, s.effective_from, s.effective_to, i.cpt_code, i.amount_cents
         FROM fee_schedules s JOIN fee_schedule_items i USING (fee_schedule_id)
        WHERE s.active AND s.insurance_id IS NULL AND i.modifier = ''
        ORDER BY s.practice_id, s.effective_from, s.fee_schedule_id`,
    );
    const byId = new Map<number, { practiceId: number; schedule: Schedule }>();
    for (const row of rows) {
      let entry = byId.get(row.fee_schedule_id);
      if (!entry) {
        entry = {
          practiceId: row.practice_id,
          schedule: {
            fromDay: dateToDay(row.effective_from),
            toDay: row.effective_to ? dateToDay(row.effective_to) : Number.MAX_SAFE_INTEGER,
            fees: new Map(),
          },
        };
        byId.set(row.fee_schedule_id, entry);
      }
      entry.schedule.fees.set(row.cpt_code, row.amount_cents);
    }
    const schedules = new Map<number, Schedule[]>();
    for (const { practiceId, schedule } of byId.values()) {
      const list = schedules.get(practiceId);
      if (list) list.push(schedule);
      else schedules.set(practiceId, [schedule]);
    }
    return new FeeLookup(schedules);
  }
}
