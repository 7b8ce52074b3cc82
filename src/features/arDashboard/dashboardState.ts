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
