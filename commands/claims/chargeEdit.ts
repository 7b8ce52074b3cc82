/**
 * "Edit charge line…": the fix for most scrub findings, by keyboard. The palette asks for the
 * line (the one of the first finding comes first), the field and the new value; the server
 * checks it and the claim goes back to "not scrubbed".
 */
import type { EditChargeRequest } from '../../contract/chargeEdit.ts';
import type { ChargeLine } from '../../contract/claimDetail.ts';
import { editCharge } from '../../src/api/claimEdit.ts';
import type { Command, CommandChoice, CommandContext } from '../../src/console/types.ts';
import { findingPlace } from '../../src/features/claimDetail/index.ts';
import { recordsChanged } from '../../src/state/recordsChanged.ts';
import { notify } from '../../src/toasts/notify.tsx';
import { openClaim, shownClaim } from './openClaim.ts';

const FIELDS = {
  cptCode: 'Procedure code',
  modifiers: 'Modifiers',
  units: 'Units',
  diagnosisPointers: 'Diagnosis pointers',
  posCode: 'Place of service',
} as const;
type Field = keyof typeof FIELDS;

const isField = (value: string): value is Field => value in FIELDS;
const listOf = (text: string) => text.split(/[\s,]+/).filter((part) => part !== '');

function lineLabel(charge: ChargeLine): string {
  return `Line ${charge.lineNumber}: ${[charge.cptCode, ...charge.modifiers].join(' ')} × ${charge.units}`;
}

function currentValue(charge: ChargeLine | undefined, field: Field): string {
  if (!charge) return '';
  switch (field) {
    case 'cptCode':
      return charge.cptCode;
    case 'modifiers':
      return charge.modifiers.join(' ') || 'none';
    case 'units':
      return String(charge.units);
    case 'diagnosisPointers':
      return charge.diagnosisPointers.join(' ');
    case 'posCode':
      return 'the claim’s';
  }
}

/** What the biller typed as the request's field; the server checks the values themselves. */
export function chargeChange(field: Field, typed: string): Partial<EditChargeRequest> {
  const text = typed.trim();
  switch (field) {
    case 'cptCode':
      return { cptCode: text };
    case 'modifiers':
      return { modifiers: listOf(text) };
    case 'units':
      return { units: Number(text) };
    case 'diagnosisPointers':
      return { diagnosisPointers: listOf(text).map(Number) };
    case 'posCode':
      return { posCode: text === '' ? null : text };
  }
}

function onClaim(ctx: CommandContext): boolean {
  return openClaim(ctx) !== null;
}

const chargesShown = () => shownClaim()?.charges ?? [];
const findingsShown = () => shownClaim()?.findings ?? [];

const editChargeLine: Command = {
  id: 'claims.editCharge',
  title: 'Edit charge line…',
  group: 'Claims',
  keywords: ['charge', 'line', 'cpt', 'code', 'modifier', 'units', 'pointer', 'diagnosis', 'pos', 'fix'],
  shortcut: 'Alt+c',
  privilege: 'CLAIMS',
  when: onClaim,
  disabledReason: (ctx) =>
    !onClaim(ctx)
      ? 'Open a claim first.'
      : chargesShown().some((charge) => charge.status !== 'void')
        ? null
        : 'The claim has no charge lines to edit.',
  steps: [
    {
      key: 'chargeID',
      kind: 'choice',
      title: 'Line',
      choices: (): CommandChoice[] => {
        const findings = findingsShown();
        const flagged = new Set(
          findings.filter((finding) => finding.severity === 'error').map((finding) => finding.chargeID),
        );
        const lines = chargesShown().filter((charge) => charge.status !== 'void');
        const ordered = [
          ...lines.filter((charge) => flagged.has(charge.chargeID)),
          ...lines.filter((charge) => !flagged.has(charge.chargeID)),
        ];
        return ordered.map((charge) => {
          const finding = findings.find((item) => item.chargeID === charge.chargeID);
          return {
            value: String(charge.chargeID),
            label: lineLabel(charge),
            ...(finding ? { hint: `${findingPlace(finding)}: ${finding.message}` } : {}),
          };
        });
      },
    },
    {
      key: 'field',
      kind: 'choice',
      title: 'Field',
      choices: (_ctx, answers): CommandChoice[] => {
        const charge = chargesShown().find((line) => String(line.chargeID) === answers.chargeID);
        return (Object.keys(FIELDS) as Field[]).map((field) => ({
          value: field,
          label: FIELDS[field],
          hint: `now ${currentValue(charge, field)}`,
        }));
      },
    },
    {
      key: 'value',
      kind: 'text',
      title: 'New value',
      placeholder: 'Modifiers and pointers: separated by spaces (e.g. 25 59, or 1 2). Empty clears modifiers or POS.',
    },
  ],
  run: async (ctx, args) => {
    const field = String(args.field);
    if (!isField(field)) return;
    const chargeID = Number(args.chargeID);
    const reply = await editCharge({ chargeID, ...chargeChange(field, String(args.value)) }, { source: ctx.source });
    recordsChanged('chargeLine', [chargeID]);
    recordsChanged('claim', [reply.claimID]);
    notify.success(`${FIELDS[field]} changed.`);
  },
};

export const chargeEditCommands: readonly Command[] = [editChargeLine];
