/**
 * Filtering the claims list from the palette: "Filter claims…" picks a filter and hands over to
 * that filter's own command ("Filter claims by payer…"), which asks for the value; the AR list;
 * clearing; saved searches; a claim's summary. Every command changes the grid's store, so the
 * list, its chips, exports and bulk runs all see the same filter.
 */
import { AGING_BUCKETS, type ClaimFilter, type ClaimFilterField } from '../../contract/claims.ts';
import { CLAIM_STATUS_NAMES, SCRUB_STATUS_NAMES, SUBMIT_STATUS_NAMES } from '../../contract/claimStatus.ts';
import { getAllClaimsSearchStatusCategories } from '../../src/api/claimLists.ts';
import { getAllClaimsSearchTableData } from '../../src/api/claims.ts';
import { runCommand } from '../../src/console/registry.ts';
import type { Command, CommandArgs, CommandChoice, CommandStep } from '../../src/console/types.ts';
import {
  agingText,
  centsValue,
  claimFilterShown,
  clearClaimFilters,
  dateValue,
  optionalAmountProblem,
  optionalDateProblem,
  rangeProblem,
  setClaimFilter,
  toggleAccountsReceivable,
} from '../../src/features/claims/index.ts';
import { goTo } from '../../src/routing/navigation.ts';
import { session } from '../../src/state/session.ts';
import { notify } from '../../src/toasts/notify.tsx';
import { CLAIMS_PATH } from '../../src/routing/paths.ts';
import { claimSummary } from '../claims/claimSummary.ts';
import { savedSearchCommands } from './savedSearches.ts';

type Labels = Partial<Record<ClaimFilterField, string>>;

interface FilterSpec {
  /** Command id suffix and the value of the "Filter claims…" choice. */
  name: string;
  /** "payer" in "Filter claims by payer…". */
  by: string;
  keywords: string[];
  steps: CommandStep[];
  /** The filter fields to set from the answers, or why not. */
  apply: (args: CommandArgs) => { patch: Partial<ClaimFilter>; labels?: Labels } | { problem: string };
}

/** Names of the choices last offered, by value: the chip shows the name picked, not an id. */
const offered = new Map<string, string>();

function offer(choices: CommandChoice[]): CommandChoice[] {
  for (const choice of choices) offered.set(choice.value, choice.label);
  return choices;
}

const fixedChoices = (names: Record<number, string>) => () =>
  Object.entries(names).map(([value, label]) => ({ value, label }));

/**
 * Payers, providers, practices and users seen on the newest thousand claims of the data role:
 * the catalogue's lookups for them are not built yet, and these are the ones billers work.
 */
async function recentNames(kind: 'payers' | 'providers' | 'practices' | 'users'): Promise<CommandChoice[]> {
  const { names } = await getAllClaimsSearchTableData(
    { pageSize: 1000, sortColumn: 'claimID', sortOrder: 'desc' },
    { background: true },
  );
  return Object.entries(names[kind])
    .map(([value, label]) => ({ value, label, hint: `#${value}` }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

const ID = /^\d{1,15}$/;
const idStep = (key: string, title: string): CommandStep => ({
  key,
  kind: 'text',
  title,
  validate: (value) => (ID.test(value.trim()) ? null : 'Type the number only.'),
});
const choiceStep = (
  key: string,
  title: string,
  choices: () => Promise<CommandChoice[]> | CommandChoice[],
): CommandStep => ({
  key,
  kind: 'choice',
  title,
  choices: async () => offer(await choices()),
});
const rangeSteps = (what: string, problem: (typed: string) => string | null, placeholder: string): CommandStep[] => [
  {
    key: 'from',
    kind: 'text',
    title: `${what} from`,
    placeholder: `${placeholder}, or Enter for no lower bound`,
    validate: problem,
  },
  {
    key: 'to',
    kind: 'text',
    title: `${what} to`,
    placeholder: `${placeholder}, or Enter for no upper bound`,
    validate: problem,
  },
];

function byId(field: ClaimFilterField) {
  return (args: CommandArgs) => {
    const value = String(args.value).trim();
    const label = offered.get(value);
    return { patch: { [field]: Number(value) }, labels: label === undefined ? {} : { [field]: label } };
  };
}

function range(fields: [ClaimFilterField, ClaimFilterField], read: (typed: unknown) => string | number | undefined) {
  return (args: CommandArgs) => {
    const [from, to] = [read(args.from), read(args.to)];
    const problem = rangeProblem(from, to);
    return problem === null ? { patch: { [fields[0]]: from, [fields[1]]: to } } : { problem };
  };
}

const FILTERS: FilterSpec[] = [
  {
    name: 'payer',
    by: 'payer',
    keywords: ['insurance', 'payor', 'carrier'],
    steps: [choiceStep('value', 'Payer', () => recentNames('payers'))],
    apply: byId('insuranceID'),
  },
  {
    name: 'provider',
    by: 'provider',
    keywords: ['rendering', 'doctor', 'physician'],
    steps: [choiceStep('value', 'Provider', () => recentNames('providers'))],
    apply: byId('providerID'),
  },
  {
    name: 'practice',
    by: 'practice',
    keywords: ['clinic', 'office'],
    steps: [choiceStep('value', 'Practice', () => recentNames('practices'))],
    apply: byId('practiceID'),
  },
  {
    name: 'group',
    by: 'group ID',
    keywords: ['client', 'organisation'],
    steps: [idStep('value', 'Group ID')],
    apply: byId('groupID'),
  },
  {
    name: 'facility',
    by: 'facility ID',
    keywords: ['location', 'place'],
    steps: [idStep('value', 'Facility ID')],
    apply: byId('facilityID'),
  },
  {
    name: 'patient',
    by: 'patient ID',
    keywords: ['account'],
    steps: [idStep('value', 'Patient ID')],
    apply: byId('patientID'),
  },
  {
    name: 'status',
    by: 'claim status',
    keywords: ['state', 'denied', 'rejected', 'paid', 'category'],
    steps: [
      choiceStep('value', 'Claim status', async () => {
        const { categories } = await getAllClaimsSearchStatusCategories(
          { ...claimFilterShown(), claimStatusID: undefined, claimStatusIDs: undefined },
          { background: true },
        );
        const statuses = Object.entries(CLAIM_STATUS_NAMES).map(([id, label]) => ({ value: id, label }));
        return [
          ...categories.map((category) => ({
            value: category.claimStatusIDs.join(','),
            label: category.label,
            hint: `${category.count.toLocaleString('en-US')} claims`,
          })),
          ...statuses,
        ];
      }),
    ],
    apply: (args) => {
      const value = String(args.value);
      const label = offered.get(value);
      // A category names several statuses; a single status is the claimStatusID filter.
      return value.includes(',')
        ? {
            patch: { claimStatusIDs: value, claimStatusID: undefined },
            labels: label === undefined ? {} : { claimStatusIDs: label },
          }
        : { patch: { claimStatusID: Number(value), claimStatusIDs: undefined } };
    },
  },
  {
    name: 'scrubStatus',
    by: 'scrub status',
    keywords: ['scrubber', 'errors', 'passed', 'failed'],
    steps: [choiceStep('value', 'Scrub status', fixedChoices(SCRUB_STATUS_NAMES))],
    apply: (args) => ({ patch: { scrubStatusID: Number(args.value) } }),
  },
  {
    name: 'submitStatus',
    by: 'submission status',
    keywords: ['sent', 'clearinghouse', '837'],
    steps: [choiceStep('value', 'Submission status', fixedChoices(SUBMIT_STATUS_NAMES))],
    apply: (args) => ({ patch: { submitStatusID: Number(args.value) } }),
  },
  {
    name: 'dos',
    by: 'date of service',
    keywords: ['dos', 'service date', 'visit'],
    steps: rangeSteps('Date of service', optionalDateProblem, 'MM/DD/YYYY'),
    apply: range(['dosFrom', 'dosTo'], dateValue),
  },
  {
    name: 'posting',
    by: 'posting date',
    keywords: ['posted', 'payment date', 'ledger'],
    steps: rangeSteps('Posted', optionalDateProblem, 'MM/DD/YYYY'),
    apply: range(['postingFrom', 'postingTo'], dateValue),
  },
  {
    name: 'balance',
    by: 'balance',
    keywords: ['amount', 'owed', 'dollars'],
    steps: rangeSteps('Balance', optionalAmountProblem, 'Dollars, e.g. 100'),
    apply: range(['balanceMin', 'balanceMax'], centsValue),
  },
  {
    name: 'aging',
    by: 'age',
    keywords: ['aging', 'bucket', 'days', 'old', 'ar'],
    steps: [
      choiceStep('value', 'Days since the date of service', () =>
        AGING_BUCKETS.map((bucket) => ({ value: bucket, label: agingText(bucket) })),
      ),
    ],
    apply: (args) => {
      const bucket = AGING_BUCKETS.find((known) => known === args.value);
      return bucket ? { patch: { agingBucket: bucket } } : { problem: 'Pick one of the ages.' };
    },
  },
  {
    name: 'assignee',
    by: 'assignee',
    keywords: ['assigned', 'owner', 'mine', 'unassigned', 'worker'],
    steps: [
      choiceStep('value', 'Assigned to', async () => {
        const me = session.user;
        const mine = me ? [{ value: String(me.userID), label: `Me (${me.firstName} ${me.lastName})` }] : [];
        const others = (await recentNames('users')).filter((user) => user.value !== String(me?.userID));
        return [{ value: 'unassigned', label: 'Nobody (unassigned)' }, ...mine, ...others];
      }),
    ],
    apply: (args) => {
      const value = String(args.value);
      if (value === 'unassigned') return { patch: { assignedUserID: 'unassigned' } };
      const label = offered.get(value)?.replace(/^Me \((.*)\)$/, '$1');
      return { patch: { assignedUserID: Number(value) }, labels: label === undefined ? {} : { assignedUserID: label } };
    },
  },
  {
    name: 'denial',
    by: 'denial reason',
    keywords: ['carc', 'reason code', 'denied', 'adjustment'],
    steps: [
      {
        key: 'value',
        kind: 'text',
        title: 'Denial reason (CARC)',
        placeholder: 'e.g. 50, 197 or A1',
        validate: (value) =>
          /^[A-Za-z0-9]{1,3}$/.test(value.trim()) ? null : 'Type a reason code such as 50, 197 or A1.',
      },
    ],
    apply: (args) => ({ patch: { denialReason: String(args.value).trim().toUpperCase() } }),
  },
];

/** Applies a filter and brings the claims list up if it is not on screen. */
function showFiltered(route: string, patch: Partial<ClaimFilter>, labels: Labels = {}): void {
  setClaimFilter(patch, labels);
  if (route !== CLAIMS_PATH) goTo(CLAIMS_PATH);
}

const filterBy = (spec: FilterSpec): Command => ({
  id: `claims.filterBy.${spec.name}`,
  title: `Filter claims by ${spec.by}…`,
  group: 'Claim filters',
  keywords: ['filter', 'narrow', 'only', ...spec.keywords],
  privilege: 'CLAIMS',
  steps: spec.steps,
  run: (ctx, args) => {
    const outcome = spec.apply(args);
    if ('problem' in outcome) notify.warning(outcome.problem);
    else showFiltered(ctx.route, outcome.patch, outcome.labels);
  },
});

const filterClaims: Command = {
  id: 'claims.filter',
  title: 'Filter claims…',
  group: 'Claim filters',
  keywords: ['filter', 'narrow', 'where', 'only', 'search'],
  privilege: 'CLAIMS',
  steps: [
    {
      key: 'filter',
      kind: 'choice',
      title: 'Filter by',
      choices: () => FILTERS.map((spec) => ({ value: spec.name, label: `By ${spec.by}` })),
    },
  ],
  // The value step depends on the filter picked: that filter's own command asks for it.
  run: (ctx, args) => runCommand(`claims.filterBy.${String(args.filter)}`, ctx.source),
};

const hasFilters = () => Object.keys(claimFilterShown()).some((field) => field !== 'search');

const clearFilters: Command = {
  id: 'claims.clearFilters',
  title: 'Clear claim filters',
  group: 'Claim filters',
  keywords: ['reset', 'remove', 'all claims', 'unfilter'],
  when: hasFilters,
  disabledReason: () =>
    hasFilters() ? null : 'No filter is on (the search box keeps its text; Escape in it clears it).',
  run: () => clearClaimFilters(),
};

const showAR: Command = {
  id: 'claims.toggleAR',
  title: 'Show accounts receivable only',
  group: 'Claim filters',
  keywords: ['ar', 'receivable', 'owed', 'balance', 'outstanding', 'all claims'],
  privilege: 'CLAIMS',
  run: (ctx) => {
    const on = toggleAccountsReceivable();
    if (ctx.route !== CLAIMS_PATH) goTo(CLAIMS_PATH);
    notify.info(
      on ? 'Showing accounts receivable only.' : 'Showing all claims again.',
      on ? `The same command switches back. Aging sections are above the list.` : undefined,
    );
  },
};

export const claimFilterCommands: readonly Command[] = [
  filterClaims,
  ...FILTERS.map(filterBy),
  clearFilters,
  showAR,
  ...savedSearchCommands,
  claimSummary,
];
