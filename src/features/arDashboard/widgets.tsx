import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type {
  ArDaysReply,
  ClaimCountsReply,
  CollectedReply,
  DrillFilter,
  ExpectedPaymentsReply,
  MonthlyAverageReply,
  RecentlyAccessedReply,
  UnresolvedTasksReply,
} from '../../../contract/arDashboard.ts';
import { formatCents } from '../../../contract/money.ts';
import type { CallOptions } from '../../api/client.ts';
import { goTo } from '../../routing/navigation.ts';
import { claimDetailPath } from '../../routing/paths.ts';
import { formatDate } from '../../ui/format.ts';
import { LoadNotes } from '../../ui/LoadNotes.tsx';
import { Chart, type ChartSeries } from './Chart.tsx';
import { withinHorizon } from './dashboardParams.ts';
import { setWidgetDrill, type Drill, type WidgetId } from './dashboardState.ts';

type Loading<T> = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; value: T };

/**
 * A widget's figures. New parameters (a new `load`) show as loading until their figures arrive,
 * so neither the figure nor Enter's drill is ever the old parameters'; a new `revision` (money
 * posted elsewhere) keeps the figures shown until the new ones land.
 */
function useWidgetData<T>(load: Loader<T>, revision: number): Loading<T> {
  const [data, setData] = useState<{ load: Loader<T>; loading: Loading<T> }>({ load, loading: { state: 'loading' } });
  useEffect(() => {
    const controller = new AbortController();
    load({ signal: controller.signal, silent: true, background: true }).then(
      (value) => setData({ load, loading: { state: 'ready', value } }),
      () => !controller.signal.aborted && setData({ load, loading: { state: 'failed' } }),
    );
    return () => controller.abort();
  }, [load, revision]);
  return data.load === load ? data.loading : { state: 'loading' };
}

/** Whole dollars for axes: $12k, $1.2M. */
export function dollarsShort(dollars: number): string {
  const abs = Math.abs(dollars);
  if (abs >= 1_000_000) return `$${(dollars / 1_000_000).toFixed(abs >= 10_000_000 ? 0 : 1)}M`;
  if (abs >= 1_000) return `$${(dollars / 1_000).toFixed(abs >= 10_000 ? 0 : 1)}k`;
  return `$${Math.round(dollars)}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "Nov 26" for a month (YYYY-MM...) or "Nov 27" for a day. */
function monthLabel(day: string): string {
  return `${MONTHS[Number(day.slice(5, 7)) - 1]} ${day.slice(2, 4)}`;
}
function dayLabel(day: string): string {
  return `${MONTHS[Number(day.slice(5, 7)) - 1]} ${Number(day.slice(8, 10))}`;
}

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** A widget's call, bound to the dashboard's parameters. */
export type Loader<T> = (options: CallOptions) => Promise<T>;

export interface WidgetProps {
  active: boolean;
  /** The row under the cursor in the widget's list; -1: the widget as a whole. */
  row: number;
  revision: number;
  /** How many rows the widget lists, so the page can keep the cursor inside them. */
  onRows: (widget: WidgetId, rows: number) => void;
}

interface CardProps {
  id: WidgetId;
  title: string;
  active: boolean;
  figure?: ReactNode;
  note?: ReactNode;
  children?: ReactNode;
  enterHint: string;
}

function Card({ id, title, active, figure, note, children, enterHint }: CardProps) {
  return (
    <section
      className={`ar-dashboard__widget${active ? ' ar-dashboard__widget--active' : ''}`}
      data-widget={id}
      tabIndex={-1}
      aria-label={title}
      aria-current={active ? 'true' : undefined}
    >
      <header className="ar-dashboard__widget-head">
        <h2>{title}</h2>
        {active && <span className="ar-dashboard__enter">Enter: {enterHint}</span>}
      </header>
      {figure !== undefined && <div className="ar-dashboard__figure">{figure}</div>}
      {note !== undefined && <div className="ar-dashboard__note">{note}</div>}
      {children}
    </section>
  );
}

interface ListRow {
  key: string;
  cells: ReactNode[];
}

function WidgetList({
  rows,
  active,
  row,
  empty,
}: {
  rows: readonly ListRow[];
  active: boolean;
  row: number;
  empty: string;
}) {
  if (rows.length === 0) return <p className="ar-dashboard__empty">{empty}</p>;
  return (
    <table className="ar-dashboard__list">
      <tbody>
        {rows.map((one, index) => (
          <tr
            key={one.key}
            className={active && index === row ? 'ar-dashboard__row--active' : undefined}
            aria-selected={active && index === row}
          >
            {one.cells.map((cell, cellIndex) => (
              <td key={cellIndex}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Registers what Enter does on the widget, re-read on each press. */
function useDrill(id: WidgetId, drill: () => Drill): void {
  useEffect(() => setWidgetDrill(id, drill), [id, drill]);
}

function useRows(id: WidgetId, rows: number, onRows: WidgetProps['onRows']): void {
  useEffect(() => onRows(id, rows), [id, rows, onRows]);
}

function claims(filter: DrillFilter, label: string): Drill {
  return { kind: 'claims', filter, label };
}

const BUCKET_NAMES: Record<string, string> = {
  '0-30': '0–30',
  '31-60': '31–60',
  '61-90': '61–90',
  '91-120': '91–120',
  '120+': '120+',
};

export function ArDaysWidget({ active, row, revision, onRows, load }: WidgetProps & { load: Loader<ArDaysReply> }) {
  const data = useWidgetData<ArDaysReply>(load, revision);
  const ready = data.state === 'ready' ? data.value : null;
  useRows('arDays', ready?.buckets.length ?? 0, onRows);
  useDrill('arDays', () => {
    if (!ready) return null;
    const bucket = row >= 0 ? ready.buckets[row] : undefined;
    return bucket ? claims(bucket.filter, `AR ${bucket.bucket} days`) : claims(ready.filter, 'AR');
  });
  const series = useMemo<ChartSeries[]>(
    () =>
      ready ? [{ label: 'Balance', values: ready.buckets.map((b) => b.balanceCents / 100), color: '#3b6fb6' }] : [],
    [ready],
  );
  const labels = useMemo(() => (ready ? ready.buckets.map((b) => `${BUCKET_NAMES[b.bucket]} d`) : []), [ready]);
  return (
    <Card
      id="arDays"
      title="AR days"
      active={active}
      enterHint={
        row >= 0 && ready?.buckets[row] ? `claims aged ${ready.buckets[row].bucket} days` : 'the receivable claims'
      }
      figure={ready ? (ready.arDays === null ? '–' : `${ready.arDays.toFixed(1)} days`) : undefined}
      note={
        ready
          ? `${formatCents(ready.arCents)} owed on ${count(ready.arClaims, 'claim')} ÷ ${formatCents(ready.averageDailyChargesCents)} charged a day over the last ${ready.periodDays} days`
          : undefined
      }
    >
      <LoadNotes what="AR days" loading={data.state === 'loading'} failed={data.state === 'failed'} />
      {ready && (
        <Chart
          label="Receivable balance by age in days"
          xLabels={labels}
          series={series}
          kind="bars"
          format={dollarsShort}
        />
      )}
      {ready && active && (
        <WidgetList
          active={active}
          row={row}
          empty=""
          rows={ready.buckets.map((bucket) => ({
            key: bucket.bucket,
            cells: [
              `${BUCKET_NAMES[bucket.bucket]} days`,
              count(bucket.claims, 'claim'),
              formatCents(bucket.balanceCents),
            ],
          }))}
        />
      )}
    </Card>
  );
}

export function CollectedWidget({ active, revision, onRows, load }: WidgetProps & { load: Loader<CollectedReply> }) {
  const data = useWidgetData<CollectedReply>(load, revision);
  const ready = data.state === 'ready' ? data.value : null;
  useRows('collected', 0, onRows);
  useDrill('collected', () => (ready ? claims(ready.filter, 'Money posted') : null));
  const series = useMemo<ChartSeries[]>(
    () =>
      ready
        ? [
            // Stacked: the whole period drawn first in the patients' colour, the payers' part over it.
            { label: 'Patients', values: ready.points.map((p) => p.collectedCents / 100), color: '#e08a2c' },
            { label: 'Insurance', values: ready.points.map((p) => p.insurancePaidCents / 100), color: '#3b6fb6' },
          ]
        : [],
    [ready],
  );
  const labels = useMemo(
    () => (ready ? ready.points.map((p) => (ready.unit === 'month' ? monthLabel(p.start) : dayLabel(p.start))) : []),
    [ready],
  );
  return (
    <Card
      id="collected"
      title="Collected"
      active={active}
      enterHint="claims with money posted in the period"
      figure={ready ? formatCents(ready.collectedCents) : undefined}
      note={
        ready
          ? `${formatCents(ready.insurancePaidCents)} from payers, ${formatCents(ready.patientPaidCents)} from patients, posted ${formatDate(ready.fromPostingDate)} – ${formatDate(ready.toPostingDate)}`
          : undefined
      }
    >
      <LoadNotes what="the amounts collected" loading={data.state === 'loading'} failed={data.state === 'failed'} />
      {ready && (
        <Chart
          label="Money collected by month, payers and patients"
          xLabels={labels}
          series={series}
          kind="bars"
          format={dollarsShort}
        />
      )}
    </Card>
  );
}

export function ExpectedWidget({
  active,
  row,
  revision,
  onRows,
  load,
  payerName,
  horizonDays,
}: WidgetProps & {
  load: Loader<ExpectedPaymentsReply>;
  /** The payer the dashboard is narrowed to, named in the title. */
  payerName: string | null;
  /** The days ahead the figure adds up (at most the forecast's 30). */
  horizonDays: number;
}) {
  const data = useWidgetData<ExpectedPaymentsReply>(load, revision);
  const ready = data.state === 'ready' ? data.value : null;
  const shown = useMemo(
    () => (ready ? withinHorizon(ready, horizonDays) : { days: [], expectedCents: 0, laterCents: 0 }),
    [ready, horizonDays],
  );
  useRows('expected', ready?.payers.length ?? 0, onRows);
  useDrill('expected', () => {
    if (!ready) return null;
    const payer = row >= 0 ? ready.payers[row] : undefined;
    return payer ? claims(payer.filter, `Awaiting ${payer.payerName}`) : claims(ready.filter, 'Awaiting the payer');
  });
  const series = useMemo<ChartSeries[]>(
    () =>
      ready
        ? [
            {
              label: 'Expected',
              values: [ready.overdue.expectedCents / 100, ...shown.days.map((d) => d.expectedCents / 100)],
              color: '#2f9b6a',
            },
          ]
        : [],
    [ready, shown],
  );
  const labels = useMemo(() => (ready ? ['Due', ...shown.days.map((d) => dayLabel(d.date))] : []), [ready, shown]);
  return (
    <Card
      id="expected"
      title={`Expected payments${payerName === null ? '' : ` from ${payerName}`}, next ${horizonDays} days`}
      active={active}
      enterHint={
        row >= 0 && ready?.payers[row]
          ? `claims awaiting ${ready.payers[row].payerName}`
          : 'the claims awaiting a payer'
      }
      figure={ready ? formatCents(shown.expectedCents) : undefined}
      note={
        ready
          ? `${formatCents(ready.overdue.expectedCents)} already due by the payers' usual days; ${formatCents(shown.laterCents)} later`
          : undefined
      }
    >
      <LoadNotes what="the expected payments" loading={data.state === 'loading'} failed={data.state === 'failed'} />
      {ready && (
        <Chart label="Payments expected by day" xLabels={labels} series={series} kind="bars" format={dollarsShort} />
      )}
      {ready && active && (
        <WidgetList
          active={active}
          row={row}
          empty="No claims are awaiting a payer."
          rows={ready.payers.map((payer) => ({
            key: String(payer.insuranceID),
            cells: [
              payer.payerName,
              payer.medianDays === null
                ? 'no history'
                : `${payer.medianDays} d, ${((payer.paidShareBasisPoints ?? 0) / 100).toFixed(0)}% paid`,
              formatCents(payer.expectedCents),
            ],
          }))}
        />
      )}
    </Card>
  );
}

/** Under a bar there is room for a word or two. */
const SHORT_LABELS: Record<string, string> = {
  denied: 'Denied',
  rejected: 'Rejected',
  clearinghouseRejected: 'Clearinghouse',
  draft: 'Drafts',
  readyToSubmit: 'Ready',
  scrubFailed: 'Failed scrub',
  patientBalance: 'Patient bal.',
};

function CountsWidget({
  id,
  title,
  what,
  load,
  active,
  row,
  revision,
  onRows,
}: WidgetProps & {
  id: WidgetId;
  title: string;
  what: string;
  load: Loader<ClaimCountsReply>;
}) {
  const data = useWidgetData<ClaimCountsReply>(load, revision);
  const ready = data.state === 'ready' ? data.value : null;
  useRows(id, ready?.rows.length ?? 0, onRows);
  useDrill(id, () => {
    const target = ready?.rows[Math.max(0, row)];
    return target ? claims(target.filter, target.label) : null;
  });
  const series = useMemo<ChartSeries[]>(
    () =>
      ready
        ? [
            {
              label: 'Claims',
              values: ready.rows.map((r) => r.claims),
              color: id === 'actionNeeded' ? '#c4473a' : '#7a5cb8',
            },
          ]
        : [],
    [ready, id],
  );
  const labels = useMemo(() => (ready ? ready.rows.map((r) => SHORT_LABELS[r.key] ?? r.label) : []), [ready]);
  return (
    <Card
      id={id}
      title={title}
      active={active}
      enterHint={`claims ${(ready?.rows[Math.max(0, row)]?.label ?? '').toLowerCase()}`}
      figure={ready ? count(ready.totalClaims, 'claim') : undefined}
      note={ready ? `${formatCents(ready.totalBalanceCents)} of balance` : undefined}
    >
      <LoadNotes what={what} loading={data.state === 'loading'} failed={data.state === 'failed'} />
      {ready && !active && (
        <Chart
          label={`${title}: claims by kind`}
          xLabels={labels}
          series={series}
          kind="bars"
          format={(n) => n.toLocaleString('en-US')}
          height={110}
        />
      )}
      {ready && active && (
        <WidgetList
          active={active}
          row={Math.max(0, row)}
          empty=""
          rows={ready.rows.map((one) => ({
            key: one.key,
            cells: [one.label, count(one.claims, 'claim'), formatCents(one.balanceCents)],
          }))}
        />
      )}
    </Card>
  );
}

export function ActionNeededWidget(props: WidgetProps & { load: Loader<ClaimCountsReply> }) {
  return <CountsWidget {...props} id="actionNeeded" title="Action needed" what="the claims needing action" />;
}

export function OpenItemsWidget(props: WidgetProps & { load: Loader<ClaimCountsReply> }) {
  return <CountsWidget {...props} id="openItems" title="Open items" what="the open items" />;
}

function AverageWidget({
  id,
  title,
  figureOf,
  load,
  color,
  groupID,
  active,
  revision,
  onRows,
}: WidgetProps & {
  id: WidgetId;
  title: string;
  figureOf: string;
  load: Loader<MonthlyAverageReply>;
  color: string;
  /** The group the dashboard is narrowed to: the claims list is too. */
  groupID: number | undefined;
}) {
  const data = useWidgetData<MonthlyAverageReply>(load, revision);
  const ready = data.state === 'ready' ? data.value : null;
  useRows(id, 0, onRows);
  useDrill(id, () =>
    ready
      ? claims(
          {
            ...(groupID === undefined ? {} : { groupID }),
            postingFrom: ready.fromPostingDate,
            postingTo: ready.toPostingDate,
          },
          title,
        )
      : null,
  );
  const series = useMemo<ChartSeries[]>(
    () =>
      ready
        ? [
            {
              label: title,
              values: ready.points.map((p) => (p.averageCents === null ? null : p.averageCents / 100)),
              color,
            },
          ]
        : [],
    [ready, title, color],
  );
  const labels = useMemo(() => (ready ? ready.points.map((p) => monthLabel(p.start)) : []), [ready]);
  return (
    <Card
      id={id}
      title={title}
      active={active}
      enterHint="claims with money posted in the period"
      figure={ready ? (ready.averageCents === null ? '–' : formatCents(ready.averageCents)) : undefined}
      note={
        ready
          ? `${formatCents(ready.amountCents)} ${figureOf} ÷ ${count(ready.claimsBilled, 'claim')} billed, by month`
          : undefined
      }
    >
      <LoadNotes what={title.toLowerCase()} loading={data.state === 'loading'} failed={data.state === 'failed'} />
      {ready && (
        <Chart
          label={`${title} by month`}
          xLabels={labels}
          series={series}
          kind="line"
          format={dollarsShort}
          height={120}
        />
      )}
    </Card>
  );
}

type AverageProps = WidgetProps & { load: Loader<MonthlyAverageReply>; groupID: number | undefined };

export function AverageRevenueWidget(props: AverageProps) {
  return (
    <AverageWidget
      {...props}
      id="averageRevenue"
      title="Average revenue per claim"
      figureOf="collected"
      color="#2f9b6a"
    />
  );
}

export function AverageChargeWidget(props: AverageProps) {
  return (
    <AverageWidget {...props} id="averageCharge" title="Average charge per claim" figureOf="charged" color="#3b6fb6" />
  );
}

export function TasksWidget({
  active,
  row,
  revision,
  onRows,
  load,
}: WidgetProps & { load: Loader<UnresolvedTasksReply> }) {
  const data = useWidgetData<UnresolvedTasksReply>(load, revision);
  const ready = data.state === 'ready' ? data.value : null;
  const shown = ready?.tasks.slice(0, 8) ?? [];
  useRows('tasks', shown.length, onRows);
  useDrill('tasks', () => {
    const task = shown[Math.max(0, row)];
    return task?.claimID ? { kind: 'open', run: () => goTo(claimDetailPath(task.claimID!)) } : null;
  });
  return (
    <Card
      id="tasks"
      title="My unresolved tasks"
      active={active}
      enterHint="open the task's claim"
      figure={ready ? count(ready.total, 'task') : undefined}
      note={ready ? `${ready.overdue.toLocaleString('en-US')} past due` : undefined}
    >
      <LoadNotes what="your tasks" loading={data.state === 'loading'} failed={data.state === 'failed'} />
      {ready && (
        <WidgetList
          active={active}
          row={Math.max(0, row)}
          empty="No open tasks are assigned to you."
          rows={shown.map((task) => ({
            key: String(task.taskID),
            cells: [
              task.dueDate
                ? task.overdue
                  ? `Due ${formatDate(task.dueDate)} (late)`
                  : `Due ${formatDate(task.dueDate)}`
                : 'No due date',
              task.claimID ? `Claim ${task.claimID}` : '',
              task.taskType,
            ],
          }))}
        />
      )}
    </Card>
  );
}

export function RecentWidget({
  active,
  row,
  revision,
  onRows,
  open,
  load,
}: WidgetProps & {
  open: (record: RecentlyAccessedReply['records'][number]) => void;
  load: Loader<RecentlyAccessedReply>;
}) {
  const data = useWidgetData<RecentlyAccessedReply>(load, revision);
  const ready = data.state === 'ready' ? data.value : null;
  const shown = ready?.records.slice(0, 8) ?? [];
  useRows('recent', shown.length, onRows);
  useDrill('recent', () => {
    const record = shown[Math.max(0, row)];
    return record ? { kind: 'open', run: () => open(record) } : null;
  });
  return (
    <Card
      id="recent"
      title="Recently opened"
      active={active}
      enterHint="open it"
      figure={ready ? count(ready.records.length, 'record') : undefined}
    >
      <LoadNotes what="your recent records" loading={data.state === 'loading'} failed={data.state === 'failed'} />
      {ready && (
        <WidgetList
          active={active}
          row={Math.max(0, row)}
          empty="Records you open from the palette are listed here."
          rows={shown.map((record) => ({ key: `${record.type}:${record.id}`, cells: [record.label, record.detail] }))}
        />
      )}
    </Card>
  );
}
