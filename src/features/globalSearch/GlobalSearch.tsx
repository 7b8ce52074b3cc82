/**
 * The header's global search: claims by ID and patients by account number or name, in a dropdown
 * with a Recents tab (the records the biller opened from a search, newest first). It is the
 * palette's record search (src/console/recordSearch.ts, useRecordSearch): the same server calls,
 * the same rows, and opening a record from either keeps it in the recents. All by keyboard:
 * Alt+Shift+G goes to it, Alt+Shift+Y opens the recents; typing or ↓ opens the dropdown, ↑ ↓ move,
 * Enter opens, Tab changes tab while it is open, Escape closes and gives the keyboard back. Tabbing
 * through the header only passes the field: the dropdown opens on typing, ↓, a click or a command.
 */
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { recordSearchProvider, type RecordResult } from '../../console/recordSearch.ts';
import type { CommandSource } from '../../console/types.ts';
import { useFocusScope } from '../../console/useFocusScope.ts';
import { useRecordSearch } from '../../console/useRecordSearch.ts';
import { useStore } from '../../state/useStore.ts';
import { withUsDates } from '../../ui/format.ts';
import { closeGlobalSearch, globalSearch, type GlobalSearchTab } from './globalSearchStore.ts';
import './globalSearch.css';

const optionId = (tab: GlobalSearchTab, record: RecordResult) => `global-search-${tab}-${record.type}-${record.id}`;

export function GlobalSearch() {
  const { open, tab, focusRequests } = useStore(globalSearch);
  const [query, setQuery] = useState('');
  const [cursor, setCursor] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  useFocusScope('dialog', 'Global search', open);
  const text = query.trim();
  // Each opening asks again (a record opened since is in the recents).
  const [openings, setOpenings] = useState(0);
  const opening = openings + focusRequests;
  const found = useRecordSearch(query, open && text !== '' ? opening : null);
  const recents = useRecordSearch('', open ? opening : null);
  const shown = tab === 'recents' ? recents : text === '' ? { results: [], loading: false } : found;
  const rows = shown.results;

  useLayoutEffect(() => {
    if (focusRequests === 0) return;
    const active = document.activeElement;
    if (active !== input.current)
      returnTo.current = active instanceof HTMLElement && active !== document.body ? active : null;
    input.current?.focus({ preventScroll: true });
    input.current?.select();
  }, [focusRequests]);
  // A command's opening starts at the top of the list.
  const [seenRequests, setSeenRequests] = useState(focusRequests);
  if (seenRequests !== focusRequests) {
    setSeenRequests(focusRequests);
    setCursor(0);
  }

  useEffect(() => {
    if (!open || !rows[cursor]) return;
    document.getElementById(optionId(tab, rows[cursor]))?.scrollIntoView({ block: 'nearest' });
  }, [open, tab, rows, cursor]);

  function leave() {
    closeGlobalSearch();
    const back = returnTo.current;
    returnTo.current = null;
    if (back?.isConnected) back.focus({ preventScroll: true });
    else input.current?.blur();
  }

  function openRecord(record: RecordResult, source: CommandSource) {
    closeGlobalSearch();
    returnTo.current = null;
    input.current?.blur();
    void recordSearchProvider()?.open(record, source);
  }

  function showTab(next: GlobalSearchTab) {
    globalSearch.tab = next;
    setCursor(0);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    let handled = true;
    if (event.key === 'ArrowDown') {
      if (!open) {
        globalSearch.open = true;
        globalSearch.tab = text === '' ? 'recents' : 'results';
        setOpenings((n) => n + 1);
      } else setCursor((at) => Math.min(at + 1, Math.max(0, rows.length - 1)));
    } else if (event.key === 'ArrowUp') setCursor((at) => Math.max(0, at - 1));
    else if (event.key === 'Enter' && open && rows[cursor]) openRecord(rows[cursor], 'hotkey');
    else if (event.key === 'Tab' && open) showTab(tab === 'results' ? 'recents' : 'results');
    else if (event.key === 'Escape') leave();
    else handled = false;
    if (handled) {
      event.preventDefault();
      event.stopPropagation();
    }
  }

  const empty =
    tab === 'recents'
      ? 'No recent records: what you open from a search is listed here.'
      : text === ''
        ? 'Type a claim ID, an account number or a patient name.'
        : recordSearchProvider()?.looksLikeRecord(text) === false
          ? 'Not a claim ID, an account number or a name.'
          : `Nothing matches “${text}”.`;

  return (
    <div
      className="global-search"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) closeGlobalSearch();
      }}
    >
      <input
        ref={input}
        className="global-search__input"
        type="search"
        role="combobox"
        aria-label="Search claims and patients"
        aria-expanded={open}
        aria-controls="global-search-list"
        aria-autocomplete="list"
        aria-activedescendant={open && rows[cursor] ? optionId(tab, rows[cursor]) : undefined}
        placeholder="Search claims, patients (Alt+Shift+G)"
        value={query}
        maxLength={100}
        onClick={() => {
          if (!open) {
            globalSearch.open = true;
            globalSearch.tab = text === '' ? 'recents' : 'results';
            setOpenings((n) => n + 1);
          }
        }}
        onChange={(event) => {
          setQuery(event.target.value);
          setCursor(0);
          globalSearch.open = true;
          globalSearch.tab = event.target.value.trim() === '' ? 'recents' : 'results';
        }}
        onKeyDown={onKeyDown}
      />
      {open && (
        <div className="global-search__panel">
          <div className="global-search__tabs" role="tablist" aria-label="Global search">
            {(['results', 'recents'] as const).map((each) => (
              <button
                key={each}
                type="button"
                role="tab"
                tabIndex={-1}
                aria-selected={tab === each}
                className={tab === each ? 'global-search__tab global-search__tab--on' : 'global-search__tab'}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => showTab(each)}
              >
                {each === 'results' ? 'Search results' : 'Recents'}
              </button>
            ))}
            <span className="global-search__hint">
              <kbd>Tab</kbd> switches
            </span>
          </div>
          <ul
            id="global-search-list"
            className="global-search__list"
            role="listbox"
            aria-label={tab === 'results' ? 'Search results' : 'Recents'}
          >
            {rows.map((record, index) => (
              <li
                key={optionId(tab, record)}
                id={optionId(tab, record)}
                role="option"
                aria-selected={index === cursor}
                className={index === cursor ? 'global-search__item global-search__item--cursor' : 'global-search__item'}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => openRecord(record, 'button')}
              >
                <span className="global-search__label">{record.label}</span>
                <span className="global-search__kind">{record.type === 'claim' ? 'Claim' : 'Patient'}</span>
                <span className="global-search__detail">{withUsDates(record.detail)}</span>
              </li>
            ))}
            {rows.length === 0 && (
              <li className="global-search__note" role="presentation">
                {shown.loading ? 'Searching…' : empty}
              </li>
            )}
          </ul>
          <div className="global-search__keys">
            <kbd>↑</kbd>
            <kbd>↓</kbd> move <kbd>Enter</kbd> open <kbd>Esc</kbd> close
          </div>
        </div>
      )}
    </div>
  );
}
