/**
 * The dashboard's parameters, set from the screen the way a report's are (src/features/reportKit):
 * the posting dates of the money widgets (a quick period or dates of one's own), the days AR days
 * averages the charges over, the group (every widget) and the payer (expected payments). Kept as
 * text by key, as the report kit keeps a report's, in a store (so g v comes back to them) and in
 * the address's query (so a reload keeps them); a parameter at its default is left out of both.
 */
import {
  AR_DAYS_PERIODS,
  EXPECTED_HORIZON_DAYS,
  MAX_DASHBOARD_DAYS,
  type ArDaysQuery,
  type DashboardGroupQuery,
  type ExpectedPaymentsQuery,
  type PostingRangeQuery,
} from '../../../contract/arDashboard.ts';
import { defineStore } from '../../state/store.ts';
import { parameterProblem } from '../reportKit/parameters.ts';
import type { ReportParameter, ReportParams } from '../reportKit/types.ts';

export const DASHBOARD_PERIODS = [
  { value: 'last12Months', label: 'Last 12 months' },
  { value: 'thisMonth', label: 'This month' },
  { value: 'lastMonth', label: 'Last month' },
  { value: 'thisQuarter', label: 'This quarter' },
  { value: 'custom', label: 'Dates of my own' },
] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number]['value'];

export const DEFAULT_AR_DAYS_PERIOD = 90;

/** Days ahead expected payments shows: the call forecasts 30, the screen may show fewer of them. */
export const EXPECTED_HORIZONS = [EXPECTED_HORIZON_DAYS, 7, 14] as const;

/** A group or payer of the parameters' choices. */
export interface DashboardChoice {
  id: number;
  name: string;
}

/**
 * The parameters bar's fields (the report kit's ReportParameter), with the groups of the user's
 * data role and the payers awaited as their choices; '' is "every group" / "every payer".
 */
export function dashboardParameters(
  groups: readonly DashboardChoice[],
  payers: readonly DashboardChoice[],
): ReportParameter[] {
  return [
    {
      key: 'period',
      label: 'Posted',
      kind: 'choice',
      choices: DASHBOARD_PERIODS,
      hint: 'Collected, average revenue and average charge: money posted in this period.',
    },
    {
      key: 'fromPostingDate',
      label: 'Posted from',
      kind: 'date',
      hint: 'A date of your own: the period becomes yours.',
    },
    { key: 'toPostingDate', label: 'Posted to', kind: 'date', hint: 'A date of your own: the period becomes yours.' },
    {
      key: 'periodDays',
      label: 'AR days over',
      kind: 'choice',
      // The default first: the report kit shows the first choice when the parameter is not set.
      choices: [DEFAULT_AR_DAYS_PERIOD, ...AR_DAYS_PERIODS.filter((days) => days !== DEFAULT_AR_DAYS_PERIOD)].map(
        (days) => ({ value: String(days), label: `${days} days` }),
      ),
      hint: 'The days of charges AR days divides the receivables by.',
    },
    {
      key: 'horizonDays',
      label: 'Expected within',
      kind: 'choice',
      choices: EXPECTED_HORIZONS.map((days) => ({ value: String(days), label: `${days} days` })),
      hint: 'The days ahead expected payments adds up; what is expected after them shows as later.',
    },
    {
      key: 'groupID',
      label: 'Group',
      kind: 'choice',
      choices: [
        { value: '', label: 'Every group' },
        ...groups.map((group) => ({ value: String(group.id), label: group.name })),
      ],
      hint: 'Every widget counts this group’s claims only.',
    },
    {
      key: 'insuranceID',
      label: 'Payer (expected payments)',
      kind: 'choice',
      choices: [
        { value: '', label: 'Every payer' },
        ...payers.map((payer) => ({ value: String(payer.id), label: payer.name })),
      ],
      hint: 'Expected payments from this payer only.',
    },
  ];
}

/** The parameters kept: those the screen, the address and the commands read. */
export const DASHBOARD_PARAM_KEYS = [
  'period',
  'fromPostingDate',
  'toPostingDate',
  'periodDays',
  'horizonDays',
  'groupID',
  'insuranceID',
] as const;
type ParamKey = (typeof DASHBOARD_PARAM_KEYS)[number];

const ID = /^\d{1,15}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** 2026-02-28, not 2026-02-31 (which Date would roll on into March). */
function isRealDay(day: string): boolean {
  const time = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === day;
}

/** Whether `value` can be kept for `key` (empty always can: not set). */
function usable(key: ParamKey, value: string): boolean {
  if (value === '') return true;
  switch (key) {
    case 'period':
      return DASHBOARD_PERIODS.some((period) => period.value === value);
    case 'fromPostingDate':
    case 'toPostingDate':
      return DATE.test(value) && isRealDay(value);
    case 'periodDays':
      return (AR_DAYS_PERIODS as readonly number[]).includes(Number(value)) && /^\d+$/.test(value);
    case 'horizonDays':
      return (EXPECTED_HORIZONS as readonly number[]).includes(Number(value)) && /^\d+$/.test(value);
    case 'groupID':
    case 'insuranceID':
      return ID.test(value);
  }
}

const DEFAULTS: Partial<Record<ParamKey, string>> = {
  period: 'last12Months',
  periodDays: String(DEFAULT_AR_DAYS_PERIOD),
  horizonDays: String(EXPECTED_HORIZON_DAYS),
};

/** The parameters worth keeping: known keys, usable values, none at its default or empty. */
export function cleanParams(params: Readonly<Record<string, string | undefined>>): ReportParams {
  const kept: Record<string, string> = {};
  for (const key of DASHBOARD_PARAM_KEYS) {
    const value = (params[key] ?? '').trim();
    if (value === '' || value === DEFAULTS[key] || !usable(key, value)) continue;
    kept[key] = value;
  }
  // Dates are the period's only when the period is one's own.
  if (kept.period !== 'custom') {
    delete kept.fromPostingDate;
    delete kept.toPostingDate;
  }
  return kept;
}

/** The days ahead expected payments adds up. */
export function horizonOf(params: ReportParams): number {
  const days = Number(params.horizonDays);
  return (EXPECTED_HORIZONS as readonly number[]).includes(days) ? days : EXPECTED_HORIZON_DAYS;
}

/**
 * Expected payments within the horizon: the forecast's days up to `horizonDays` after its day,
 * what they add up to, and what is expected after them (the forecast's own later and its days
 * beyond the horizon).
 */
export function withinHorizon<Day extends { date: string; expectedCents: number }>(
  reply: { asOf: string; days: readonly Day[]; later: { expectedCents: number } },
  horizonDays: number,
): { days: Day[]; expectedCents: number; laterCents: number } {
  const last = addDays(reply.asOf, horizonDays);
  const days = reply.days.filter((day) => day.date <= last);
  const beyond = reply.days.filter((day) => day.date > last);
  return {
    days,
    expectedCents: days.reduce((sum, day) => sum + day.expectedCents, 0),
    laterCents: reply.later.expectedCents + beyond.reduce((sum, day) => sum + day.expectedCents, 0),
  };
}

export function periodOf(params: ReportParams): DashboardPeriod {
  return DASHBOARD_PERIODS.find((period) => period.value === params.period)?.value ?? 'last12Months';
}

// ---- Calendar arithmetic on YYYY-MM-DD, in UTC so a day is a day -----------------------------------

function monthStart(day: string, months = 0): string {
  const date = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 10);
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The posting dates the money widgets sum, for `today` (the biller's day, YYYY-MM-DD): a quick
 * period's dates, or one's own (either end may be left open: the server's default stands there).
 */
export function postingRangeOf(params: ReportParams, today: string): { from?: string; to?: string } {
  switch (periodOf(params)) {
    case 'thisMonth':
      return { from: monthStart(today), to: today };
    case 'lastMonth':
      return { from: monthStart(today, -1), to: addDays(monthStart(today), -1) };
    case 'thisQuarter': {
      const month = Number(today.slice(5, 7));
      const quarterStart = `${today.slice(0, 4)}-${String(month - ((month - 1) % 3)).padStart(2, '0')}-01`;
      return { from: quarterStart, to: today };
    }
    case 'last12Months':
      return { from: monthStart(today, -11), to: today };
    case 'custom':
      return {
        ...(params.fromPostingDate ? { from: params.fromPostingDate } : {}),
        ...(params.toPostingDate ? { to: params.toPostingDate } : {}),
      };
  }
}

/** Why the posting dates cannot be asked for, in the biller's words; null when they can. */
export function rangeProblem(params: ReportParams, today: string): string | null {
  const { from, to } = postingRangeOf(params, today);
  if (from && to && from > to) return 'The first posting date is after the last.';
  if (from && to && (Date.parse(to) - Date.parse(from)) / 86_400_000 > MAX_DASHBOARD_DAYS)
    return 'Choose at most three years of posting dates.';
  return null;
}

/** The parameters as the bar shows them: a quick period's dates filled in. */
export function shownParams(params: ReportParams, today: string): ReportParams {
  const { from, to } = postingRangeOf(params, today);
  return { ...params, fromPostingDate: from ?? '', toPostingDate: to ?? '' };
}

/**
 * The parameters after one is set (as typed in the bar or answered in the palette): a date of
 * one's own makes the period one's own, starting from the dates shown; a quick period drops them.
 */
export function withParam(params: ReportParams, key: string, value: string, today: string): ReportParams {
  const text = value.trim();
  if (key === 'fromPostingDate' || key === 'toPostingDate') {
    const shown = shownParams(params, today);
    return cleanParams({ ...params, period: 'custom', ...pick(shown), [key]: text });
  }
  if (key === 'period' && text === 'custom')
    return cleanParams({ ...params, ...pick(shownParams(params, today)), period: text });
  return cleanParams({ ...params, [key]: text });
}

function pick(shown: ReportParams): ReportParams {
  return { fromPostingDate: shown.fromPostingDate ?? '', toPostingDate: shown.toPostingDate ?? '' };
}

/** Why a parameter's value cannot be set, as the report kit says it; null when it can. */
export function dashboardParamProblem(parameter: ReportParameter, value: string): string | null {
  const text = value.trim();
  // The report kit's checks first (a date as YYYY-MM-DD, one of the choices)...
  const problem = parameterProblem(parameter, text);
  if (problem !== null && parameter.key === 'groupID') return 'Not a group of your data role.';
  if (problem !== null && parameter.key === 'insuranceID') return 'Not a payer with claims awaiting payment.';
  if (problem !== null) return problem;
  // ...then a real day.
  const key = parameter.key as ParamKey;
  return DASHBOARD_PARAM_KEYS.includes(key) && !usable(key, text) ? 'A date as YYYY-MM-DD.' : null;
}

/** Each widget's query. */
export interface DashboardQueries {
  group: DashboardGroupQuery;
  posting: PostingRangeQuery;
  arDays: ArDaysQuery;
  expected: ExpectedPaymentsQuery;
}

export function dashboardQueries(params: ReportParams, today: string): DashboardQueries {
  const group: DashboardGroupQuery = params.groupID ? { groupID: Number(params.groupID) } : {};
  // The default period is the server's own twelve months, counted from its day.
  const { from, to } = periodOf(params) === 'last12Months' ? {} : postingRangeOf(params, today);
  return {
    group,
    posting: { ...group, ...(from ? { fromPostingDate: from } : {}), ...(to ? { toPostingDate: to } : {}) },
    arDays: { ...group, periodDays: params.periodDays ? Number(params.periodDays) : DEFAULT_AR_DAYS_PERIOD },
    expected: { ...group, ...(params.insuranceID ? { insuranceID: Number(params.insuranceID) } : {}) },
  };
}

// ---- Kept between visits and across a reload -------------------------------------------------------

export const dashboardParams = defineStore<{ params: ReportParams }>(() => ({ params: {} }));

export function setDashboardParams(params: ReportParams): void {
  dashboardParams.params = cleanParams(params);
}

export function setDashboardParam(key: string, value: string, today: string): void {
  dashboardParams.params = withParam(dashboardParams.params, key, value, today);
}

/** The parameters as the address's query ('' when all are at their defaults). */
export function paramsSearch(params: ReportParams): string {
  const query = new URLSearchParams();
  for (const key of DASHBOARD_PARAM_KEYS) if (params[key]) query.set(key, params[key]);
  const text = query.toString();
  return text === '' ? '' : `?${text}`;
}

/** The parameters an address's query holds, or null when it names none. */
export function paramsFromSearch(search: string): ReportParams | null {
  const query = new URLSearchParams(search);
  if (!DASHBOARD_PARAM_KEYS.some((key) => query.has(key))) return null;
  return cleanParams(Object.fromEntries(DASHBOARD_PARAM_KEYS.map((key) => [key, query.get(key) ?? ''])));
}
