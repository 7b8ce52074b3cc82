import type { PaneViewId } from '../../../layouts/types.ts';
import { ChargesPane } from './ChargesPane.tsx';
import { ClaimListPane } from './ClaimListPane.tsx';
import { CompareLinesPane } from './CompareLinesPane.tsx';
import type { PaneViewProps } from './paneLinks.ts';
import { PatientLedgerPane } from './PatientLedgerPane.tsx';
import { PatientPane } from './PatientPane.tsx';
import { PostingsPane } from './PostingsPane.tsx';
import './panes.css';

/** The component for each view a layout may declare. */
export function PaneView({ view, ...props }: PaneViewProps & { view: PaneViewId }) {
  switch (view) {
    case 'claimList':
      return <ClaimListPane {...props} />;
    case 'charges':
      return <ChargesPane {...props} />;
    case 'postings':
      return <PostingsPane {...props} />;
    case 'billedLines':
      return <CompareLinesPane {...props} side="billed" />;
    case 'remittedLines':
      return <CompareLinesPane {...props} side="remitted" />;
    case 'patient':
      return <PatientPane {...props} />;
    case 'patientLedger':
      return <PatientLedgerPane {...props} />;
  }
}
