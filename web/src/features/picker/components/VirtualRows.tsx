import { defaultRangeExtractor, measureElement, observeElementRect, useVirtualizer, type Range, type Rect, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

/** A row's height in NumberPicker.css (padding, 32 px thumb, border): the estimate until it is measured. */
const rowHeight = 57;
/** `.picker-list__body`'s fixed height: what is shown while the box has no size of its own (a hidden column). */
const listHeight = 491;
/** Rows rendered past each edge of the box, so scrolling and Tab never land on a row not yet there. */
const overscan = 8;
const estimateSize = () => rowHeight;
const observeBox = (instance: Virtualizer<HTMLDivElement, Element>, onRect: (rect: Rect) => void) =>
  observeElementRect(instance, (rect) => onRect(rect.height > 0 ? rect : { ...rect, height: listHeight }));
// A row is never 0 px tall: 0 means it is not laid out (a hidden column), so it keeps the estimate.
const measureRow = (element: Element, entry: ResizeObserverEntry | undefined, instance: Virtualizer<HTMLDivElement, Element>) =>
  measureElement(element, entry, instance) || rowHeight;
/** How close to the last row the shown rows come before the next page is asked for. */
const nearEndRows = 15;

interface VirtualRowsProps<T> {
  items: readonly T[];
  keyOf: (item: T) => number;
  /** Every item is here (no further page): screen readers hear the count, else that it is unknown. */
  complete: boolean;
  /** The list's name: the column's heading. */
  labelledBy: string;
  selectedKey: number | null;
  onSelect: (item: T) => void;
  renderRow: (item: T) => ReactNode;
  /** Extra content under the selected row (the number's rent picker). */
  renderSelected?: (item: T) => ReactNode;
  /** The shown rows came near the end: time to read the next page. */
  onNearEnd?: () => void;
  /** After the rows, inside the scrolling box ("Load more"). */
  footer?: ReactNode;
  busy: boolean;
  /** Move the focus to this row once it is there (the first of a page asked for with "Load more"). */
  focusIndex?: number | null;
  onFocused?: () => void;
}

/**
 * The rows of a long list, only those in view (and a few either side) in the page: every row keeps
 * its place in the count for screen readers (aria-posinset/aria-setsize), the focused and the
 * selected rows stay in the page wherever the list is scrolled, Tab walks the rows as in a plain
 * list, and the arrow keys, Home and End move between rows.
 */
export function VirtualRows<T>(props: VirtualRowsProps<T>) {
  const { items, keyOf, selectedKey, onNearEnd, focusIndex, onFocused } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [focusedKey, setFocusedKey] = useState<number | null>(null);
  const indexOf = useMemo(() => new Map(items.map((item, index) => [keyOf(item), index])), [items, keyOf]);
  const focused = focusedKey === null ? -1 : (indexOf.get(focusedKey) ?? -1);
  const selected = selectedKey === null ? -1 : (indexOf.get(selectedKey) ?? -1);

  // The focused row and its neighbours (where Tab and Shift+Tab go) and the selected row (its rent
  // picker may hold the focus) are always rendered: unmounting them would drop the focus.
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = new Set(defaultRangeExtractor(range));
      const kept = focused < 0 ? [selected] : [focused - 1, focused, focused + 1, selected];
      for (const index of kept) if (index >= 0 && index < range.count) indexes.add(index);
      return [...indexes].sort((a, b) => a - b);
    },
    [focused, selected],
  );

  // Stable while the items are: a new one makes the virtualizer lay out every row again.
  const getItemKey = useCallback((index: number) => keyOf(items[index]!), [items, keyOf]);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    getItemKey,
    overscan,
    rangeExtractor,
    // Rows measure themselves while React commits, where React 18 cannot flush synchronously.
    useFlushSync: false,
    observeElementRect: observeBox,
    measureElement: measureRow,
  });
  const rows = virtualizer.getVirtualItems();
  const lastShown = virtualizer.range?.endIndex ?? -1;

  useEffect(() => {
    if (lastShown >= 0 && lastShown >= items.length - 1 - nearEndRows) onNearEnd?.();
  }, [lastShown, items.length, onNearEnd]);

  // A row asked for by the keyboard is focused once it is rendered.
  const pendingFocus = useRef<number | null>(null);
  const focusRow = useCallback(
    (index: number) => {
      const item = items[index];
      if (item === undefined) return;
      pendingFocus.current = index;
      setFocusedKey(keyOf(item));
      virtualizer.scrollToIndex(index, { align: 'auto' });
    },
    [items, keyOf, virtualizer],
  );
  useLayoutEffect(() => {
    if (pendingFocus.current === null) return;
    const button = listRef.current?.querySelector<HTMLButtonElement>(`[data-index="${pendingFocus.current}"] > .picker-row__button`);
    if (!button) return;
    pendingFocus.current = null;
    button.focus({ preventScroll: true });
  });

  useEffect(() => {
    if (focusIndex === null || focusIndex === undefined || focusIndex >= items.length) return;
    focusRow(focusIndex);
    onFocused?.();
  }, [focusIndex, items.length, focusRow, onFocused]);

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const row = (event.target as HTMLElement).closest<HTMLElement>('.picker-row__button')?.parentElement;
    // Keys inside the rent picker (its select, Get Now) stay theirs.
    if (!row || event.target !== row.firstElementChild || event.altKey || event.ctrlKey || event.metaKey) return;
    const index = Number(row.dataset.index);
    const next = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: items.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    if (next >= 0 && next < items.length) focusRow(next);
  }

  const setsize = props.complete ? items.length : -1;
  return (
    <div ref={scrollRef} className="picker-list__body" aria-busy={props.busy}>
      <ul
        ref={listRef}
        className="picker-list__items picker-list__items--virtual"
        aria-labelledby={props.labelledBy}
        style={{ height: virtualizer.getTotalSize() }}
        onKeyDown={onKeyDown}
        onFocus={(event) => {
          const index = (event.target as HTMLElement).closest<HTMLElement>('[data-index]')?.dataset.index;
          if (index !== undefined && items[Number(index)] !== undefined) setFocusedKey(keyOf(items[Number(index)]!));
        }}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusedKey(null);
        }}
      >
        {rows.map((row) => {
          const item = items[row.index]!;
          const isSelected = row.index === selected;
          return (
            <li
              key={row.key}
              ref={virtualizer.measureElement}
              data-index={row.index}
              className={`picker-row${isSelected ? ' picker-row--selected' : ''}`}
              aria-setsize={setsize}
              aria-posinset={row.index + 1}
              style={{ transform: `translateY(${row.start}px)` }}
            >
              <button type="button" className="picker-row__button" aria-pressed={isSelected} onClick={() => props.onSelect(item)}>
                {props.renderRow(item)}
              </button>
              {isSelected && props.renderSelected?.(item)}
            </li>
          );
        })}
      </ul>
      {props.footer}
    </div>
  );
}
