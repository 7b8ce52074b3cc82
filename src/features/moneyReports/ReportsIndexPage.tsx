import { useEffect, useMemo, useRef, useState } from 'react';
import { useFocusAfterPalette } from '../../console/useFocusAfterPalette.ts';
import { CommandHints, type ScreenHint } from '../../console/CommandHints.tsx';
import { goTo } from '../../routing/navigation.ts';
import { isAllowedPath } from '../../routing/matchesAllowedLink.ts';
import { allowedLinksOfUser } from '../../routing/userLinks.ts';
import { session } from '../../state/session.ts';
import { useStore } from '../../state/useStore.ts';
import { ListSection } from '../../ui/ListSection.tsx';
import { RowList, type RowColumn } from '../../ui/RowList.tsx';
import { ScreenFrame } from '../../ui/ScreenFrame.tsx';
import { REPORT_ENTRIES, type ReportEntry } from './reportIndex.ts';

const HINTS: readonly ScreenHint[] = [
  { keys: ['↑', '↓'], label: 'report' },
  { keys: ['Enter'], label: 'open it' },
];

const COLUMNS: readonly RowColumn<ReportEntry>[] = [
  { id: 'title', title: 'Report', render: (entry) => entry.title },
  { id: 'description', title: 'What it shows', render: (entry) => entry.description },
];

/** /app/reports: every report the user's menu holds, by title; Enter opens one. */
export function ReportsIndexPage() {
  const { user } = useStore(session);
  const entries = useMemo(() => {
    const links = user ? allowedLinksOfUser(user) : [];
    return REPORT_ENTRIES.filter((entry) => isAllowedPath(entry.path, links));
  }, [user]);
  const [row, setRow] = useState(0);
  const list = useRef<HTMLElement>(null);
  const focusList = () => list.current?.querySelector<HTMLElement>('[data-pane-focus]')?.focus();
  // The keyboard starts in the list, and comes back to it after a palette run that leaves it nowhere.
  useEffect(focusList, []);
  useFocusAfterPalette(focusList);
  return (
    <ScreenFrame title="Reports" hints={<CommandHints hints={HINTS} />}>
      <ListSection
        sectionRef={list}
        label="Reports"
        title="Reports"
        count={`· ${entries.length}`}
        grow={1}
        minHeight={200}
      >
        <RowList
          label="Reports"
          columns={COLUMNS}
          rows={entries}
          rowKey={(entry) => entry.path}
          active={row}
          onActiveChange={setRow}
          onOpen={(entry) => goTo(entry.path)}
          empty="Your menu holds no reports."
        />
      </ListSection>
    </ScreenFrame>
  );
}
