/**
 * The payer's latest answer about a coverage on a day of service, for the scrubber and the claim's
 * screen. Checks the payer did not answer ('error') are no answer: the one before them stands.
 */
import type { EligibilityOutcome } from '../../../contract/eligibility.ts';
import type { Queryable } from '../../db/types.ts';

export type AnsweredOutcome = Exclude<EligibilityOutcome, 'error'>;

export interface CoverageAnswer {
  inquiryID: number;
  patientInsuranceID: number;
  dateOfService: string;
  outcome: AnsweredOutcome;
  askedAt: string;
  /** The payer's answer in one line, e.g. why it rejected the question. */
  message: string;
}

export interface CoverageDay {
  patientInsuranceID: number;
  dateOfService: string;
}

export const coverageDayKey = (day: CoverageDay): string => `${day.patientInsuranceID}|${day.dateOfService}`;

/** The latest answer for each coverage and day asked, by coverageDayKey; days never answered are absent. */
export async function latestCoverageAnswers(
  q: Queryable,
  days: readonly CoverageDay[],
): Promise<Map<string, CoverageAnswer>> {
  const answers = new Map<string, CoverageAnswer>();
  if (days.length === 0) return answers;
  const rows = await q.query<Omit<CoverageAnswer, 'askedAt'> & { askedAt: Date | string }>(
    `SELECT DISTINCT ON (e.patient_insurance_id, e.service_date)
            e.inquiry_id AS "inquiryID", e.patient_insurance_id AS "patientInsuranceID", e.service_date::text AS "dateOfService",
            e.outcome, e.asked_at AS "askedAt", COALESCE(e.message, '') AS message
       FROM eligibility_inquiries e
       JOIN unnest($1::bigint[], $2::date[]) AS asked (coverage, day)
         ON e.patient_insurance_id = asked.coverage AND e.service_date = asked.day
      WHERE e.outcome <> 'error'
      ORDER BY e.patient_insurance_id, e.service_date, e.asked_at DESC, e.inquiry_id DESC`,
    [days.map((day) => day.patientInsuranceID), days.map((day) => day.dateOfService)],
  );
  for (const row of rows) {
    const answer: CoverageAnswer = {
      ...row,
      inquiryID: Number(row.inquiryID),
      patientInsuranceID: Number(row.patientInsuranceID),
      askedAt: (row.askedAt instanceof Date ? row.askedAt : new Date(row.askedAt)).toISOString(),
    };
    answers.set(coverageDayKey(answer), answer);
  }
  return answers;
}
