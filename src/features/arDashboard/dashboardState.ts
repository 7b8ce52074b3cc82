/**
 * The dashboard's cursor: which widget has the keyboard, so the palette's "Show the claims behind
 * this widget" acts on the same widget as Enter, and what each widget drills into.
 */
import type { DrillFilter } from '../../../contract/arDashboard.ts';
import { defineStore } from '../../state/store.ts';

export const WIDGETS = [
  'arDays',
  'collected',
  'expected',
  'actionNeeded',
  'openItems',
  'averageRevenue',
  'averageCharge',
  'tasks',
  'recent',
] as const;
export type WidgetId = (typeof WIDGETS)[number];

/** What Enter does on a widget: list its claims, or open the record under its cursor. */
export type Drill = { kind: 'claims'; filter: DrillFilter; label: string } | { kind: 'open'; run: () => void } | null;

export const dashboardOnScreen = defineStore<{ widget: WidgetId }>(() => ({ widget: 'arDays' }));

const drills = new Map<WidgetId, () => Drill>();

export function setWidgetDrill(widget: WidgetId, drill: () => Drill): () => void {
  drills.set(widget, drill);
  return () => {
    if (drills.get(widget) === drill) drills.delete(widget);
  };
}

export function drillOf(widget: WidgetId): Drill {
  return drills.get(widget)?.() ?? null;
}

let focusParameters: (() => void) | null = null;

/** The screen lends commands a way to its parameters bar (null once it closes). */
export function setParametersFocus(focus: (() => void) | null): void {
  focusParameters = focus;
}

/** '/' on the dashboard: the keyboard goes to the parameters bar; false when the screen is not open. */
export function focusDashboardParameters(): boolean {
  if (!focusParameters) return false;
  focusParameters();
  return true;
}

let groupName: string | null = null;

/** The name of the group the dashboard is narrowed to, for the claims list's chip (null: none). */
export function setDrillGroupName(name: string | null): void {
  groupName = name;
}

export function drillGroupName(): string | null {
  return groupName;
}
