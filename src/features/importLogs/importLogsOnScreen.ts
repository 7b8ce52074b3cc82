/**
 * The import logs' filters and pages, in stores so the palette's filter commands set them as the
 * screens' own keys do; a revision the upload command moves, so the HL7 log reads again.
 */
import { defineStore } from '../../state/store.ts';
import { NO_EDI_FILTERS, NO_HL7_FILTERS, type EdiLogFilters, type Hl7LogFilters } from './importLogText.ts';

export const hl7LogOnScreen = defineStore(() => ({
  filters: { ...NO_HL7_FILTERS },
  pageNumber: 1,
  revision: 0,
  /** Moved when an HL7 interface is saved, so the screen's interfaces read again. */
  settingsRevision: 0,
}));

export const ediLogOnScreen = defineStore(() => ({
  filters: { ...NO_EDI_FILTERS },
  pageNumber: 1,
}));

/** New filters start from the first page. */
export function setHl7LogFilters(filters: Hl7LogFilters): void {
  hl7LogOnScreen.filters = { ...filters };
  hl7LogOnScreen.pageNumber = 1;
}

export function setHl7LogPage(pageNumber: number): void {
  hl7LogOnScreen.pageNumber = pageNumber;
}

/** Messages were imported: the HL7 log reads again, from its first page. */
export function hl7MessagesImported(): void {
  hl7LogOnScreen.pageNumber = 1;
  hl7LogOnScreen.revision += 1;
}

export function setEdiLogFilters(filters: EdiLogFilters): void {
  ediLogOnScreen.filters = { ...filters };
  ediLogOnScreen.pageNumber = 1;
}

export function setEdiLogPage(pageNumber: number): void {
  ediLogOnScreen.pageNumber = pageNumber;
}

/** An HL7 interface was saved: the log's interfaces read again. */
export function hl7InboundSettingsSaved(): void {
  hl7LogOnScreen.settingsRevision += 1;
}
