import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { SelectorItem } from '../../../contract/organisationSelector.ts';
import { useFocusScope } from '../../console/useFocusScope.ts';
import { useModalFocus } from '../../console/useModalFocus.ts';
import { useStore } from '../../state/useStore.ts';
import {
  SELECTOR_TABS,
  appliedSummary,
  clearPicks,
  closeSelector,
  confirmDialog,
  deleteWorkGroupAsked,
  isPicked,
  keyOf,
  leaveWorkGroup,
  loadAppliedSelection,
  moveCursor,
  nextTab,
  openSelector,
  pickWorkGroup,
  pointAt,
  removeFromWorkGroup,
  pickedLabels,
  rowsOf,
  selector,
  setSearch,
  showTab,
  startNaming,
  stopNaming,
  toggleFavorite,
  togglePick,
  viewWorkGroup,
  type SelectorRow,
} from './selectorStore.ts';
import './organisationSelector.css';

const KIND_LABEL: Record<SelectorItem['kind'], string> = {
  group: 'Group',
  practice: 'Practice',
  facility: 'Facility',
  provider: 'Provider',
};

/**
 * The header's organisation selector: what the console works on, and (Alt+G, or a click) the
 * dialog to change it by keyboard. Type to search; ↑/↓ move; Enter picks or unpicks (on a
 * workgroup: takes its entries); Ctrl+Enter applies; Alt+S stars; Tab changes tab; Alt+N saves
 * the picks as a workgroup; Alt+C clears the picks; Delete twice deletes a workgroup; Escape closes.
 */
export function OrganisationSelector() {
  const state = useStore(selector);
  // Read on each sign-in (the shell is drawn anew): another user of this browser has their own.
  useEffect(() => {
    void loadAppliedSelection();
  }, []);
  const summary = appliedSummary(state.applied);
  return (
    <>
      <button
        type="button"
        className="btn btn--quiet org-selector__chip"
        data-testid="org-selector-chip"
        title="Organisation selector (Alt+G): the groups, practices, facilities and providers the console works on"
        onClick={() => void openSelector()}
      >
        <span className="org-selector__chip-label">Working on</span> {summary}
      </button>
      {state.open && <SelectorDialog />}
    </>
  );
}

function SelectorDialog() {
  const state = useStore(selector);
  const dialog = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLUListElement>(null);
  useFocusScope('dialog', 'OrganisationSelector');
  useModalFocus(dialog);
  const rows = rowsOf(state);
  const cursor = Math.min(state.cursor, Math.max(0, rows.length - 1));
  const current: SelectorRow | undefined = rows[cursor];
  const mode = state.mode;

  useEffect(() => {
    list.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [cursor, rows.length]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const key = event.key;
    const handled = () => {
      event.preventDefault();
      event.stopPropagation();
    };
    if (key === 'Escape') {
      handled();
      if (mode.kind === 'naming') stopNaming();
      else closeSelector();
    } else if (key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      handled();
      void confirmDialog();
    } else if (key === 'Enter' && mode.kind === 'naming') {
      handled();
      void confirmDialog();
    } else if (key === 'Enter') {
      handled();
      if (current?.type === 'item') togglePick(current.item);
      else if (current?.type === 'workgroup') void pickWorkGroup(current.workGroup.workGroupId);
    } else if (key === 'ArrowDown' || key === 'ArrowUp' || key === 'PageDown' || key === 'PageUp') {
      handled();
      const step = key === 'ArrowDown' ? 1 : key === 'ArrowUp' ? -1 : key === 'PageDown' ? 10 : -10;
      moveCursor(step, rows.length);
    } else if (key === 'Tab' && mode.kind !== 'naming') {
      handled();
      void nextTab(event.shiftKey ? -1 : 1);
    } else if (event.altKey && key.toLowerCase() === 's') {
      handled();
      if (current?.type === 'item') void toggleFavorite(current.item);
    } else if (event.altKey && key.toLowerCase() === 'c') {
      handled();
      clearPicks();
    } else if (event.altKey && key.toLowerCase() === 'n' && mode.kind === 'select') {
      handled();
      startNaming();
    } else if (key === 'Delete' && current?.type === 'workgroup') {
      handled();
      deleteWorkGroupAsked(current.workGroup.workGroupId);
    } else if (key === 'Delete' && current?.type === 'item' && state.viewing !== null) {
      handled();
      void removeFromWorkGroup(state.viewing, current.item);
    } else if (key === 'ArrowRight' && current?.type === 'workgroup' && state.search === '') {
      handled();
      void viewWorkGroup(current.workGroup.workGroupId);
    } else if ((key === 'ArrowLeft' || key === 'Backspace') && state.viewing !== null && state.search === '') {
      handled();
      leaveWorkGroup();
    }
  };

  const title =
    mode.kind === 'workgroup'
      ? mode.workGroupId === null
        ? `New workgroup "${mode.name}"`
        : `Edit workgroup "${mode.name}"`
      : 'Organisation selector';
  const picked = pickedLabels(state);
  const viewed = state.tab === 'workgroups' && state.viewing !== null ? state.workGroupViews[state.viewing] : undefined;
  const confirmWords =
    mode.kind === 'workgroup' ? 'save the workgroup' : picked.length === 0 ? 'work on everything' : 'apply';

  return (
    <div className="palette__backdrop">
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby="org-selector-title"
        className="org-selector"
        data-testid="org-selector"
        onKeyDown={onKeyDown}
      >
        <h2 id="org-selector-title">{title}</h2>
        <input
          className="org-selector__search"
          aria-label={
            mode.kind === 'naming' ? 'Name of the new workgroup' : 'Search groups, practices, facilities and providers'
          }
          placeholder={
            mode.kind === 'naming'
              ? 'Name the new workgroup, then Enter'
              : 'Type to search groups, practices, facilities, providers'
          }
          value={mode.kind === 'naming' ? mode.name : state.search}
          onChange={(event) => void setSearch(event.target.value)}
          autoFocus
        />
        {mode.kind !== 'naming' && (
          <div className="org-selector__tabs" role="tablist">
            {SELECTOR_TABS.map((entry) => (
              <button
                key={entry.tab}
                type="button"
                role="tab"
                tabIndex={-1}
                aria-selected={state.tab === entry.tab && state.search.trim() === ''}
                className="org-selector__tab"
                onClick={() => void showTab(entry.tab)}
              >
                {entry.label}
              </button>
            ))}
          </div>
        )}
        {viewed && state.search === '' && (
          <p className="org-selector__viewing" data-testid="org-selector-viewing">
            Workgroup “{viewed.name}”: its entries
          </p>
        )}
        <ul ref={list} className="org-selector__list" role="listbox" aria-label="Entries" aria-multiselectable="true">
          {rows.length === 0 && (
            <li className="org-selector__empty">
              {viewed ? 'Nothing of this workgroup is in your data role.' : emptyText(state.tab, state.search)}
            </li>
          )}
          {rows.map((row, index) =>
            row.type === 'item' ? (
              <li
                key={keyOf(row.item)}
                role="option"
                aria-selected={index === cursor}
                aria-checked={isPicked(row.item)}
                data-testid="org-selector-item"
                className={index === cursor ? 'org-selector__row org-selector__row--cursor' : 'org-selector__row'}
                onClick={() => {
                  pointAt(index);
                  togglePick(row.item);
                }}
              >
                <span className="org-selector__check" aria-hidden="true">
                  {isPicked(row.item) ? '☑' : '☐'}
                </span>
                <span className="org-selector__star" aria-label={row.item.isFavorite ? 'starred' : undefined}>
                  {row.item.isFavorite ? '★' : ''}
                </span>
                <span className="org-selector__name">
                  {row.item.name}
                  {!row.item.active && <span className="muted"> (inactive)</span>}
                </span>
                <span className="org-selector__kind">{KIND_LABEL[row.item.kind]}</span>
                <span className="org-selector__detail muted">{row.item.kind === 'group' ? '' : row.item.detail}</span>
              </li>
            ) : (
              <li
                key={`workgroup:${row.workGroup.workGroupId}`}
                role="option"
                aria-selected={index === cursor}
                data-testid="org-selector-workgroup"
                className={index === cursor ? 'org-selector__row org-selector__row--cursor' : 'org-selector__row'}
                onClick={() => {
                  pointAt(index);
                  void pickWorkGroup(row.workGroup.workGroupId);
                }}
              >
                <span className="org-selector__check" aria-hidden="true">
                  ▤
                </span>
                <span />
                <span className="org-selector__name">{row.workGroup.name}</span>
                <span className="org-selector__kind">Workgroup</span>
                <span className="org-selector__detail muted">
                  {state.confirmDelete === row.workGroup.workGroupId
                    ? 'Press Delete again to delete this workgroup'
                    : workGroupCounts(row.workGroup)}
                </span>
              </li>
            ),
          )}
        </ul>
        <p className="org-selector__picked" data-testid="org-selector-picked">
          {picked.length === 0
            ? 'Nothing picked: everything your data role allows.'
            : `Picked (${picked.length}): ${picked.slice(0, 6).join(', ')}${picked.length > 6 ? ', …' : ''}`}
        </p>
        <p className="org-selector__keys muted">
          {mode.kind === 'naming'
            ? 'Enter save the picks as this workgroup · Esc back'
            : `↑↓ move · Enter pick · Ctrl+Enter ${confirmWords} · Alt+S star · Tab next tab · Alt+N save as workgroup · Alt+C clear picks · ${
                viewed
                  ? 'Delete take out of the workgroup · ← back to the workgroups'
                  : '→ a workgroup’s entries · Delete ×2 delete workgroup'
              } · Esc close`}
        </p>
      </div>
    </div>
  );
}

function workGroupCounts(workGroup: {
  groups: number[];
  practices: number[];
  facilities: number[];
  providers: number[];
}): string {
  const parts = [
    [workGroup.groups.length, 'group', 'groups'],
    [workGroup.practices.length, 'practice', 'practices'],
    [workGroup.facilities.length, 'facility', 'facilities'],
    [workGroup.providers.length, 'provider', 'providers'],
  ] as const;
  return parts
    .filter(([count]) => count > 0)
    .map(([count, one, many]) => `${count} ${count === 1 ? one : many}`)
    .join(', ');
}

function emptyText(tab: string, search: string): string {
  if (search.trim() !== '') return 'Nothing of your organisation matches.';
  if (tab === 'favorites') return 'No favorites yet: Alt+S stars the entry under the cursor.';
  if (tab === 'recents') return 'Nothing picked lately.';
  if (tab === 'workgroups') return 'No workgroups yet: pick entries, then Alt+N.';
  return 'Loading…';
}
