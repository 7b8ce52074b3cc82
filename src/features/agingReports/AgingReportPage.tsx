import { useCallback } from 'react';
import { AGING_REPORT_KINDS } from '../../../contract/agingReports.ts';
import { useStore } from '../../state/useStore.ts';
import { ReportScreen } from '../reportKit/index.ts';
import { AGING_DEFINITIONS, AGING_KIND_TITLES } from './agingDefinitions.ts';
import { agingOnScreen, setAgingKind } from './agingOnScreen.ts';
import './agingReports.css';

/**
 * /app/aging-report: the aged trial balance and aging by insurance, provider and patient, one at a
 * time; 1 to 4 in the grid (or the palette's "Aging by insurance" and the others) switch it.
 */
export function AgingReportPage() {
  const { kind } = useStore(agingOnScreen);
  const definition = AGING_DEFINITIONS[kind];
  const onScreenKey = useCallback((key: string) => {
    const chosen = AGING_REPORT_KINDS[Number(key) - 1];
    if (!/^[1-4]$/.test(key) || chosen === undefined) return false;
    setAgingKind(chosen);
    return true;
  }, []);
  return (
    <ReportScreen
      key={kind}
      definition={definition}
      onScreenKey={onScreenKey}
      hints={[{ keys: ['1', '2', '3', '4'], label: 'another aging report' }]}
      toolbar={
        <nav className="aging-report__kinds" aria-label="Aging reports">
          {AGING_REPORT_KINDS.map((each, index) => (
            <span
              key={each}
              className={each === kind ? 'aging-report__kind aging-report__kind--on' : 'aging-report__kind'}
              aria-current={each === kind ? 'page' : undefined}
            >
              {index + 1} {AGING_KIND_TITLES[each]}
            </span>
          ))}
        </nav>
      }
    />
  );
}
