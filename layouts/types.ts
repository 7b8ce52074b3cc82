/**
 * A workspace layout is data: which panes it shows side by side, the view in each, and how a
 * selection in one pane drives the others. The screen in src/features/workspace reads these
 * declarations and never knows a layout by name.
 */

/** The views a pane can show; src/features/panes has one component per view. */
export type PaneViewId =
  /** The claims list (the all-claims grid), optionally limited to a linked patient. */
  | 'claimList'
  /** Charge lines of the linked claim, with paid, adjusted and balance from the ledger. */
  | 'charges'
  /** Ledger postings (ERA and manual) of the linked claim, newest first. */
  | 'postings'
  /** The linked claim's lines as billed, one row per charge line. */
  | 'billedLines'
  /** The same lines as the payer answered them (paid, adjusted, reason codes), row for row. */
  | 'remittedLines'
  /** A patient's demographics, insurances and balance, with a patient picker. */
  | 'patient'
  /** The ledger of the linked patient, rows of the linked claim marked. */
  | 'patientLedger';

/** What a pane can publish and follow: the record under its cursor. */
export type LinkKind = 'claim' | 'patient' | 'chargeLine';

export interface PaneDeclaration {
  /** Stable: pane sizes are saved under it. */
  id: string;
  title: string;
  view: PaneViewId;
  /** For each kind, the pane whose cursor this pane follows. */
  links?: Partial<Record<LinkKind, string>>;
  /** Percent of the workspace width, as react-resizable-panels reads it ("30%"). */
  defaultSize: `${number}%`;
  minSize?: `${number}%`;
}

export interface LayoutDeclaration {
  /** Used in the path /app/workspace/<id> and in the saved sizes key workspace:<id>. */
  id: string;
  title: string;
  /** A line in the palette: what the layout is for. */
  description: string;
  keywords: readonly string[];
  /** Default shortcut of its "switch to" command. */
  shortcut: string;
  /**
   * Opens on the claims the biller is on: the claim open on its screen, or the claims under the
   * cursor or picked in a claims list or pane. Its Claims pane then lists those only, until
   * "List every claim in the Claims pane". Without a claim at hand it lists every claim.
   */
  opensOnClaimsInFocus?: boolean;
  panes: readonly PaneDeclaration[];
}
