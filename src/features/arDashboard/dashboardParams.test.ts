import { beforeEach, describe, expect, it } from 'vitest';
import { resetStores } from '../../state/store.ts';
import {
  cleanParams,
  dashboardParameters,
  dashboardParamProblem,
  dashboardParams,
  dashboardQueries,
  horizonOf,
  paramsFromSearch,
  paramsSearch,
  postingRangeOf,
  rangeProblem,
  setDashboardParam,
  shownParams,
  withinHorizon,
  withParam,
} from './dashboardParams.ts';

const TODAY = '2026-11-27';

beforeEach(() => resetStores());

describe('the dashboard’s posting period', () => {
  it('turns each quick period into its posting dates', () => {
    expect(postingRangeOf({}, TODAY)).toEqual({ from: '2025-12-01', to: TODAY });
    expect(postingRangeOf({ period: 'thisMonth' }, TODAY)).toEqual({ from: '2026-11-01', to: TODAY });
    expect(postingRangeOf({ period: 'lastMonth' }, TODAY)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(postingRangeOf({ period: 'lastMonth' }, '2026-03-15')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(postingRangeOf({ period: 'lastMonth' }, '2026-01-05')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(postingRangeOf({ period: 'thisQuarter' }, TODAY)).toEqual({ from: '2026-10-01', to: TODAY });
    expect(postingRangeOf({ period: 'thisQuarter' }, '2026-03-31')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(postingRangeOf({ period: 'custom', fromPostingDate: '2026-06-01' }, TODAY)).toEqual({ from: '2026-06-01' });
  });

  it('makes the period one’s own when a date is typed, starting from the dates shown', () => {
    const own = withParam({ period: 'lastMonth' }, 'toPostingDate', '2026-10-15', TODAY);
    expect(own).toEqual({ period: 'custom', fromPostingDate: '2026-10-01', toPostingDate: '2026-10-15' });
    // A quick period again drops the dates; the default period is not kept at all.
    expect(withParam(own, 'period', 'thisMonth', TODAY)).toEqual({ period: 'thisMonth' });
    expect(withParam(own, 'period', 'last12Months', TODAY)).toEqual({});
    // "Dates of my own" starts from the quick period's dates.
    expect(withParam({ period: 'thisQuarter' }, 'period', 'custom', TODAY)).toEqual({
      period: 'custom',
      fromPostingDate: '2026-10-01',
      toPostingDate: TODAY,
    });
    expect(shownParams({ period: 'thisMonth' }, TODAY)).toMatchObject({
      fromPostingDate: '2026-11-01',
      toPostingDate: TODAY,
    });
  });

  it('says when the dates cannot be asked for', () => {
    expect(rangeProblem({ period: 'custom', fromPostingDate: '2026-11-02', toPostingDate: '2026-11-01' }, TODAY)).toBe(
      'The first posting date is after the last.',
    );
    expect(rangeProblem({ period: 'custom', fromPostingDate: '2020-01-01', toPostingDate: '2026-11-01' }, TODAY)).toBe(
      'Choose at most three years of posting dates.',
    );
    expect(rangeProblem({ period: 'lastMonth' }, TODAY)).toBeNull();
  });
});

describe('the dashboard’s parameters', () => {
  it('keep only known, usable values away from their defaults', () => {
    expect(
      cleanParams({
        period: 'thisMonth',
        fromPostingDate: '2026-01-01',
        periodDays: '90',
        groupID: '3',
        insuranceID: 'x',
        other: '1',
      }),
    ).toEqual({ period: 'thisMonth', groupID: '3' });
    expect(cleanParams({ period: 'soon', periodDays: '45' })).toEqual({});
    expect(cleanParams({ period: 'custom', fromPostingDate: '2026-02-31' })).toEqual({ period: 'custom' });
  });

  it('ask each widget’s call with them', () => {
    const params = { period: 'lastMonth', periodDays: '30', groupID: '2', insuranceID: '7' };
    expect(dashboardQueries(params, TODAY)).toEqual({
      group: { groupID: 2 },
      posting: { groupID: 2, fromPostingDate: '2026-10-01', toPostingDate: '2026-10-31' },
      arDays: { groupID: 2, periodDays: 30 },
      expected: { groupID: 2, insuranceID: 7 },
    });
    expect(dashboardQueries({}, TODAY)).toEqual({
      group: {},
      posting: {},
      arDays: { periodDays: 90 },
      expected: {},
    });
  });

  it('survive a reload in the address, which wins over the ones kept', () => {
    const params = { period: 'custom', fromPostingDate: '2026-01-01', toPostingDate: '2026-03-31', groupID: '4' };
    const search = paramsSearch(params);
    expect(search).toBe('?period=custom&fromPostingDate=2026-01-01&toPostingDate=2026-03-31&groupID=4');
    expect(paramsFromSearch(search)).toEqual(params);
    expect(paramsSearch({})).toBe('');
    expect(paramsFromSearch('')).toBeNull();
    expect(paramsFromSearch('?other=1')).toBeNull();
    expect(paramsFromSearch('?periodDays=45&groupID=2')).toEqual({ groupID: '2' });
  });

  it('are kept in the store as they are set', () => {
    setDashboardParam('period', 'thisQuarter', TODAY);
    setDashboardParam('periodDays', '365', TODAY);
    setDashboardParam('groupID', '5', TODAY);
    expect(dashboardParams.params).toEqual({ period: 'thisQuarter', periodDays: '365', groupID: '5' });
    setDashboardParam('groupID', '', TODAY);
    expect(dashboardParams.params).toEqual({ period: 'thisQuarter', periodDays: '365' });
  });

  it('refuse a value as the report kit does, in the biller’s words', () => {
    const parameters = dashboardParameters([{ id: 5, name: 'North' }], [{ id: 9, name: 'Aetna' }]);
    const byKey = (key: string) => parameters.find((parameter) => parameter.key === key)!;
    expect(dashboardParamProblem(byKey('period'), 'soon')).toMatch(/^One of last12Months, thisMonth/);
    expect(dashboardParamProblem(byKey('fromPostingDate'), '2026-02-31')).toBe('A date as YYYY-MM-DD.');
    expect(dashboardParamProblem(byKey('periodDays'), '45')).toBe('One of 90, 30, 60, 180, 365.');
    expect(dashboardParamProblem(byKey('groupID'), '6')).toBe('Not a group of your data role.');
    expect(dashboardParamProblem(byKey('groupID'), '5')).toBeNull();
    expect(dashboardParamProblem(byKey('insuranceID'), '')).toBeNull();
  });
});

describe('the expected payments’ horizon', () => {
  const forecast = {
    asOf: TODAY,
    days: Array.from({ length: 30 }, (_, index) => ({
      date: new Date(Date.parse(`${TODAY}T00:00:00Z`) + (index + 1) * 86_400_000).toISOString().slice(0, 10),
      expectedCents: 100 * (index + 1),
    })),
    later: { expectedCents: 5_000 },
  };

  it('adds up the days within it and counts the days after it as later', () => {
    const week = withinHorizon(forecast, 7);
    expect(week.days.map((day) => day.date)).toEqual([
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
    ]);
    expect(week.expectedCents).toBe(100 * (1 + 2 + 3 + 4 + 5 + 6 + 7));
    const all = 100 * ((30 * 31) / 2);
    expect(week.laterCents).toBe(5_000 + all - week.expectedCents);
    expect(withinHorizon(forecast, 30)).toEqual({ days: forecast.days, expectedCents: all, laterCents: 5_000 });
  });

  it('is 30 days unless 7 or 14 is chosen', () => {
    expect(horizonOf({})).toBe(30);
    expect(horizonOf({ horizonDays: '14' })).toBe(14);
    expect(cleanParams({ horizonDays: '30' })).toEqual({});
    expect(cleanParams({ horizonDays: '10' })).toEqual({});
    expect(cleanParams({ horizonDays: '7' })).toEqual({ horizonDays: '7' });
  });
});
