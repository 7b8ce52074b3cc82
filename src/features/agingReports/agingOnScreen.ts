/** Which aging report the screen shows, in a store so the palette's commands switch it as the screen's own keys do. */
import type { AgingReportKind } from '../../../contract/agingReports.ts';
import { defineStore } from '../../state/store.ts';

export const agingOnScreen = defineStore<{ kind: AgingReportKind }>(() => ({ kind: 'insurance' }));

export function setAgingKind(kind: AgingReportKind): void {
  agingOnScreen.kind = kind;
}
