import { CLAIM_STATUS } from '../../contract/claimStatus.ts';
import { dayToDate } from './dates.ts';
import type { ChargeDraft, ClaimDraft } from './claimDraft.ts';
import type { PracticeRef, SeedContext } from './context.ts';
import type { Random } from './random.ts';
import { pickStatus, processingStatus, type StatusProfile } from './statuses.ts';
import { VISIT_TEMPLATES, type DxAlternatives, type DxChoice, type LineFixture, type VisitTemplate } from './visits.ts';

const MAX_DIAGNOSES = 4;
const MAX_CHARGES = 4;

type Side = 'RT' | 'LT';

function resolveChoice(choice: DxChoice, side: Side): DxAlternatives {
  if (typeof choice === 'string') return choice;
  return 'RT' in choice ? choice[side] : choice;
}

function ageInYears(dobDay: number, day: number): number {
  return Math.floor((day - dobDay) / 365.25);
}

/** Turns the seed context and a random stream into realistic claims, one at a time. */
export class ClaimFactory {
  // Self-pay patients (no payer to bill) only get some statuses; `insured` lists the others.
  private readonly insured: number[] = [];
  private readonly isSelfPay: Uint8Array;

  constructor(
    private readonly ctx: SeedContext,
    private readonly random: Random,
  ) {
    if (ctx.patients.length === 0) throw new Error('No patients to bill: seed patients first.');
    this.isSelfPay = new Uint8Array(ctx.patients.length);
    for (let i = 0; i < ctx.patients.length; i += 1) {
      const primary = ctx.patients.get(i).primary;
      const payer = primary ? ctx.payers.get(primary.insuranceId) : undefined;
      if (payer && payer.type !== 'self_pay') this.insured.push(i);
      else this.isSelfPay[i] = 1;
    }
  }

  private patientIndex(status: StatusProfile): number {
    const index = this.random.int(0, this.ctx.patients.length - 1);
    if (status.selfPay || this.isSelfPay[index] === 0 || this.insured.length === 0) return index;
    return this.random.pick(this.insured);
  }

  private dosDay(status: StatusProfile): number {
    const { nowDay, firstDosDay, lastDosDay } = this.ctx;
    const oldest = nowDay - firstDosDay;
    const newest = Math.max(0, nowDay - lastDosDay);
    const low = Math.min(Math.max(status.ageDays[0], newest), oldest);
    const high = Math.min(Math.max(status.ageDays[1], newest), oldest);
    return nowDay - this.random.int(low, high);
  }

  private template(
    practice: PracticeRef,
    setting: VisitTemplate['setting'],
    age: number,
    minLines: number,
  ): VisitTemplate {
    const fits = (template: VisitTemplate, strictSetting: boolean): boolean =>
      template.specialties.includes(practice.specialty) &&
      (!strictSetting || template.setting === setting) &&
      age >= (template.minAge ?? 0) &&
      age <= (template.maxAge ?? 200);
    let candidates = VISIT_TEMPLATES.filter((template) => fits(template, true));
    if (candidates.length === 0) candidates = VISIT_TEMPLATES.filter((template) => fits(template, false));
    if (candidates.length === 0)
      candidates = VISIT_TEMPLATES.filter((template) => template.specialties.includes(practice.specialty));
    if (candidates.length === 0) candidates = [...VISIT_TEMPLATES];
    const wide = candidates.filter((template) => template.lines.length >= minLines);
    const pool = wide.length > 0 ? wide : candidates;
    return this.random.weighted(pool.map((template) => ({ value: template, weight: template.weight })));
  }

  private lines(
    template: VisitTemplate,
    side: Side,
  ): { line: LineFixture; code: string; units: number; modifiers: string[] }[] {
    const included: boolean[] = [];
    const picked: { line: LineFixture; code: string; units: number; modifiers: string[] }[] = [];
    template.lines.forEach((line, index) => {
      const allowed = line.requires === undefined || included[line.requires] === true;
      const take = allowed && this.random.chance(line.chance) && picked.length < MAX_CHARGES;
      included[index] = take;
      if (!take) return;
      const units = line.units ? this.random.int(line.units[0], line.units[1]) : 1;
      const modifiers = [...(line.modifiers ?? []), ...(line.sided ? [side] : [])];
      picked.push({ line, code: this.random.weighted(line.codes), units, modifiers });
    });
    if (picked.length === 0) {
      const first = template.lines[0];
      if (!first) throw new Error(`Template ${template.name} has no lines.`);
      picked.push({ line: first, code: this.random.weighted(first.codes), units: 1, modifiers: [] });
    }
    // A visit billed with a separately identifiable procedure carries modifier 25.
    if (picked.some((entry) => entry.line.visitNeeds25)) {
      picked.filter((entry) => entry.line.isVisit).forEach((entry) => entry.modifiers.unshift('25'));
    }
    return picked;
  }

  private diagnoses(template: VisitTemplate, side: Side, dos: string, ownCodes: readonly DxChoice[]): string[] {
    const choices = [...template.diagnoses];
    const first = template.anyPrimary ? this.random.int(0, choices.length - 1) : 0;
    const [primary] = choices.splice(first, 1);
    const extra = this.random.int(template.extraDiagnoses[0], template.extraDiagnoses[1]);
    const room = MAX_DIAGNOSES - ownCodes.length;
    const chosen = [...(primary === undefined ? [] : [primary]), ...this.random.sample(choices, extra)].slice(
      0,
      Math.max(1, room),
    );
    const codes: string[] = [];
    for (const choice of [...chosen, ...ownCodes]) {
      const code = this.ctx.diagnoses.resolve(resolveChoice(choice, side), dos);
      if (code && !codes.includes(code) && codes.length < MAX_DIAGNOSES) codes.push(code);
    }
    if (codes.length === 0) codes.push(this.random.pick(this.ctx.diagnoses.fallbackFor(dos)));
    return codes;
  }

  private pointers(line: LineFixture, diagnoses: readonly string[], side: Side, dos: string): number[] {
    if (line.pointers === 'all') return diagnoses.map((_, index) => index + 1);
    if (line.pointers === 'primary') return [1];
    const code = this.ctx.diagnoses.resolve(resolveChoice(line.pointers.code, side), dos);
    const index = code ? diagnoses.indexOf(code) : -1;
    return [index >= 0 ? index + 1 : 1];
  }

  /** The claim at position `index` of this run. */
  next(index: number): ClaimDraft {
    const { random, ctx } = this;
    const status = pickStatus(random, index);
    const patient = ctx.patients.get(this.patientIndex(status));
    const practice = ctx.practices.get(patient.practiceId);
    if (!practice) throw new Error(`Practice ${patient.practiceId} of patient ${patient.patientId} cannot bill.`);
    const payer = patient.primary ? (ctx.payers.get(patient.primary.insuranceId) ?? null) : null;
    const selfPay = !payer || payer.type === 'self_pay';
    const secondaryPayer = patient.secondary ? (ctx.payers.get(patient.secondary.insuranceId) ?? null) : null;

    const dosDay = this.dosDay(status);
    const dos = dayToDate(dosDay);
    const facility = random.weighted(practice.facilities);
    const setting = facility.posCode === '21' ? 'inpatient' : 'office';
    const minLines = status.statusId === CLAIM_STATUS.partiallyPaid ? 2 : 1;
    const template = this.template(practice, setting, ageInYears(patient.dobDay, dosDay), minLines);
    const side: Side = random.chance(0.5) ? 'RT' : 'LT';
    const picked = this.lines(template, side);
    const ownCodes = picked.flatMap((entry) =>
      typeof entry.line.pointers === 'object' ? [entry.line.pointers.code] : [],
    );
    const diagnoses = this.diagnoses(template, side, dos, ownCodes);

    // Some drafts carry the slip billers fix most: a line pointing at a diagnosis the claim does not
    // have. Chosen by position, not by a random draw, so every other figure of the seed stays put.
    const pointsPastDiagnoses = status.statusId === CLAIM_STATUS.draft && index % 5 === 0;
    const charges: ChargeDraft[] = picked.map((entry, lineIndex) => ({
      code: entry.code,
      modifiers: entry.modifiers.slice(0, 2),
      units: entry.units,
      chargeCents: ctx.fees.fee(practice.practiceId, entry.code, dosDay) * entry.units,
      pointers:
        lineIndex === 0 && pointsPastDiagnoses
          ? [diagnoses.length + 1]
          : this.pointers(entry.line, diagnoses, side, dos),
      ndc: ctx.ndc.get(`${practice.practiceId}:${entry.code}`) ?? null,
      isVisit: entry.line.isVisit === true,
    }));

    const referred = practice.referringIds.length > 0 && random.chance(template.referralChance);
    const needsAuth =
      !selfPay &&
      payer?.type !== 'medicare' &&
      charges.some((charge) => ['20610', '97110', '73562'].includes(charge.code)) &&
      random.chance(0.25);
    const createdDay = Math.min(ctx.nowDay, dosDay + random.int(0, 3));
    // A void claim may have been voided before it ever went out.
    const wasSubmitted = status.submitted && !selfPay && (status.statusId !== CLAIM_STATUS.void || random.chance(0.6));
    const submittedDay = wasSubmitted ? Math.min(ctx.nowDay, createdDay + random.int(0, 4)) : null;
    const billers = ctx.billers.get(practice.groupId) ?? [];

    return {
      patient,
      practice,
      facility,
      providerId: random.pick(practice.providerIds),
      referringProviderId: referred ? random.pick(practice.referringIds) : null,
      referralNumber: referred && random.chance(0.4) ? `R${random.digits(9)}` : null,
      priorAuthorizationNumber: needsAuth ? `PA${random.digits(8)}` : null,
      status,
      processing: processingStatus(random, status.statusId, wasSubmitted),
      coverage: patient.primary,
      payer,
      secondaryPayer,
      selfPay,
      dosDay,
      createdDay,
      submittedDay,
      diagnoses,
      charges,
      workerId: billers.length > 0 ? random.pick(billers) : null,
    };
  }
}
