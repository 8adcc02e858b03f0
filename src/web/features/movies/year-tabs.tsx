import { useRef, type KeyboardEvent } from 'react';

export type YearTab = { year: number; seen: number; total: number; lines: number; blackout: boolean };

export const tabId = (year: number) => `board-tab-${year}`;
export const panelId = (year: number) => `board-panel-${year}`;

/**
 * The year tabs of the boards (ARIA tabs pattern, automatic activation): arrow keys move
 * between tabs, Home/End jump to the ends; only the selected tab is in the tab order.
 */
export function YearTabs({ tabs, selected, onSelect }: { tabs: YearTab[]; selected: number; onSelect: (year: number) => void }) {
  const refs = useRef(new Map<number, HTMLButtonElement>());

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.year === selected);
    const last = tabs.length - 1;
    const target = { ArrowRight: index + 1, ArrowDown: index + 1, ArrowLeft: index - 1, ArrowUp: index - 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = tabs[(target + tabs.length) % tabs.length];
    if (next === undefined) return;
    onSelect(next.year);
    refs.current.get(next.year)?.focus();
  };

  return (
    <div role="tablist" aria-label="Board year" onKeyDown={onKeyDown} className="-mx-1 flex snap-x gap-1.5 overflow-x-auto px-1 pb-1">
      {tabs.map((tab) => {
        const isSelected = tab.year === selected;
        return (
          <button
            key={tab.year}
            ref={(element) => {
              if (element === null) refs.current.delete(tab.year);
              else refs.current.set(tab.year, element);
            }}
            type="button"
            role="tab"
            id={tabId(tab.year)}
            aria-selected={isSelected}
            aria-controls={isSelected ? panelId(tab.year) : undefined}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => onSelect(tab.year)}
            className={`year-tab ${isSelected ? 'year-tab-selected' : ''}`}
          >
            <span className="text-base font-black">{tab.year}</span>
            <span className={`year-tab-progress ${tab.blackout ? 'year-tab-blackout' : tab.lines > 0 ? 'year-tab-bingo' : ''}`}>
              <span aria-hidden="true">
                {tab.seen}/{tab.total}
              </span>
              <span className="sr-only">
                , {tab.seen} of {tab.total} seen
                {tab.blackout ? ', blackout' : tab.lines > 0 ? `, ${tab.lines} MINGO ${tab.lines === 1 ? 'line' : 'lines'}` : ''}
              </span>
            </span>
          </button>
        );
      })}
    </div>
  );
}
