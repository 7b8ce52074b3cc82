import type { ComponentType } from 'react';
import { EDI_IMPORT_LOG_PATH, HL7_IMPORT_LOG_PATH } from '../../routing/paths.ts';
import { EdiImportLogPage } from './EdiImportLogPage.tsx';
import { Hl7ImportLogPage } from './Hl7ImportLogPage.tsx';

/** The HL7 and EDI import logs. Screens.tsx spreads these into its app screens, by path. */
export const importLogScreens: Readonly<Record<string, ComponentType>> = {
  [HL7_IMPORT_LOG_PATH]: Hl7ImportLogPage,
  [EDI_IMPORT_LOG_PATH]: EdiImportLogPage,
};
