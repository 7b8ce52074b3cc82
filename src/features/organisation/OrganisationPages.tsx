/**
 * The organisation's list screens: practices (of every group, or of the group open at
 * /setting/group/[group_id]) and facilities (of every practice, or of one practice).
 */
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import type { GroupRow, PracticeRow } from '../../../contract/organisation.ts';
import { getGroupProfiles, getPracticeProfiles } from '../../api/organisation.ts';
import { GROUP, PRACTICE_FACILITIES } from '../../routing/paths.ts';
import { usePublishedTarget } from '../../state/usePublishedTarget.ts';
import { useRecordsRevision } from '../../state/useRecordsRevision.ts';
import { ListScreen } from '../lists/ListScreen.tsx';
import { facilitiesScreen, practicesScreen } from './practiceScreens.tsx';

export function PracticesPage() {
  const screen = useMemo(() => practicesScreen(null, 'Practices'), []);
  return <ListScreen screen={screen} />;
}

/** One record read by id, again on its change notices; null while loading or when not found. */
function useRecord<Row>(
  id: number | null,
  read: (id: number) => Promise<Row | undefined>,
  revision: number,
): Row | null {
  const [row, setRow] = useState<Row | null>(null);
  useEffect(() => {
    let current = true;
    if (id === null) return;
    void read(id)
      .then((found) => current && setRow(found ?? null))
      .catch(() => current && setRow(null));
    return () => {
      current = false;
    };
  }, [id, read, revision]);
  return row;
}

const readGroup = async (groupID: number) => (await getGroupProfiles({ groupID }, { silent: true }))[0];
const readPractice = async (practiceID: number) => (await getPracticeProfiles({ practiceID }, { silent: true }))[0];

/** /setting/group/[group_id]: the group's practices; group commands (B, U from the palette) act on the group. */
export function GroupPage() {
  const [path] = useLocation();
  const groupID = GROUP.idIn(path);
  const group = useRecord<GroupRow>(groupID, readGroup, useRecordsRevision({ group: 'all' }));
  usePublishedTarget(
    'groupPage',
    'group',
    useMemo(() => (group === null ? undefined : { kind: 'group' as const, id: group.groupID, group }), [group]),
  );
  const screen = useMemo(
    () => practicesScreen(groupID, group === null ? 'Group' : `${group.name} · practices`),
    [groupID, group],
  );
  return <ListScreen key={groupID ?? 0} screen={screen} />;
}

/** /setting/facilities and /setting/facilities/[practice_id]. */
export function FacilitiesPage() {
  const [path] = useLocation();
  const practiceID = PRACTICE_FACILITIES.idIn(path);
  const practice = useRecord<PracticeRow>(practiceID, readPractice, useRecordsRevision({ practice: 'all' }));
  usePublishedTarget(
    'practicePage',
    'practice',
    useMemo(
      () => (practice === null ? undefined : { kind: 'practice' as const, id: practice.practiceID, practice }),
      [practice],
    ),
  );
  const screen = useMemo(
    () =>
      facilitiesScreen(practiceID, practiceID === null ? 'Facilities' : `${practice?.name ?? 'Practice'} · facilities`),
    [practiceID, practice],
  );
  return <ListScreen key={practiceID ?? 0} screen={screen} />;
}
