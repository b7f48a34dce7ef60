import type { MobileNumber } from '@numbernest/contracts';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Loader } from '@/components/loader/Loader';
import { useTranslation } from '@/lib/i18n';
import { usd } from '@/lib/catalog/price';
import { type NumberPages, type NumberSelection, useNumbers } from '@/features/picker/api/use-numbers';
import { matchNumbers, mergeByNumber, searchDigits } from '@/features/picker/number-search';
import { ListError, ListMessage } from './PickerList';
import { RentPicker, type RentPickerProps } from './RentPicker';
import { VirtualRows } from './VirtualRows';
import { Button } from '@/components/button/Button';

/** How long typing must pause before the server is asked. */
export const searchDelayMs = 250;

const idOf = (number: MobileNumber) => number.id;

export interface NumberListProps {
  selection: NumberSelection;
  /** The column's search box. */
  query: string;
  titleId: string;
  selectedId: number | null;
  onSelect: (number: MobileNumber) => void;
  /** The list was read again from the start: what was picked from it no longer stands. */
  onReloaded: () => void;
  /** The rent picker under the picked number. */
  rent: RentPickerProps;
}

/**
 * The numbers of a selection, read a page at a time as the list is scrolled (or "Load more" is
 * pressed) and rendered virtualized. The search box filters what is loaded at once; digits, when
 * the server has more than is loaded, also ask the server (after a pause in typing), and its answer
 * joins the loaded matches. Loaded lazily: none of it is part of the landing page's first load.
 */
export default function NumberList({ selection, query, titleId, selectedId, onSelect, onReloaded, rent }: NumberListProps) {
  const { t } = useTranslation('picker');
  const all = useNumbers(selection);
  const digits = searchDigits(query);
  // Only when something is not loaded yet: a complete list is searched where it is.
  const wanted = digits !== null && all.hasMore ? digits : null;
  const settled = useDebounced(wanted, searchDelayMs);
  const searching = wanted !== null && settled === wanted;
  const search = useNumbers(searching ? selection : null, wanted);

  const local = useMemo(() => (all.items ? matchNumbers(all.items, query) : undefined), [all.items, query]);
  const items = useMemo(() => (searching && local && search.items ? mergeByNumber(local, search.items) : local), [searching, local, search.items]);
  /** The server's answer to the search is still to come. */
  const pending = wanted !== null && (!searching || search.isLoading);
  const pages: NumberPages = searching ? search : all;
  const moreError = searching ? (search.error ?? search.moreError) : all.moreError;
  const retryMore = searching && search.error ? search.retry : pages.loadMore;

  // Scrolling reads on by itself only through what the box shows in full: the unfiltered list or
  // the server's search. A local filter of anything else would read page after page looking for matches.
  const autoLoad = query.trim() === '' || searching;
  const { hasMore, loadingMore, loadMore } = pages;
  const onNearEnd = useCallback(() => {
    if (autoLoad && hasMore && !loadingMore && !moreError) loadMore();
  }, [autoLoad, hasMore, loadingMore, moreError, loadMore]);
  // The server may answer a short page, even an empty one, with more to come (it reads a bounded
  // number of items per page and skips those held for the service): an empty list reads on by itself.
  const emptySoFar = items !== undefined && items.length === 0 && autoLoad && hasMore;
  useEffect(() => {
    if (emptySoFar && !loadingMore && !moreError) loadMore();
  }, [emptySoFar, loadingMore, moreError, loadMore]);

  // "Load more" hands the focus to the first new row, as the button may go when the last page came.
  const [focusOnArrival, setFocusOnArrival] = useState<number | null>(null);
  const clearFocusOnArrival = useCallback(() => setFocusOnArrival(null), []);

  if (all.error)
    return (
      <Body>
        <ListError
          onRetry={() => {
            onReloaded();
            all.retry();
          }}
        />
      </Body>
    );
  if (!all.items || !items)
    return (
      <Body busy>
        <Loader size="sm" block />
      </Body>
    );
  if (items.length === 0 && !(moreError && emptySoFar))
    return (
      <Body busy={pending || emptySoFar}>
        {pending || emptySoFar ? (
          <Loader size="sm" block />
        ) : searching && search.error ? (
          <ListError onRetry={search.retry} />
        ) : (
          <ListMessage text={t('empty.noData')} />
        )}
      </Body>
    );

  let footer: ReactNode = null;
  if (pending) footer = <Loader size="sm" />;
  else if (moreError)
    footer = (
      <>
        <p role="alert">{t('loadFailed')}</p>
        <Button size="sm" onClick={retryMore}>
          {t('retry')}
        </Button>
      </>
    );
  else if (hasMore)
    footer = (
      <>
        <Button
          size="sm"
          aria-disabled={loadingMore}
          onClick={() => {
            if (loadingMore) return;
            setFocusOnArrival(items.length);
            loadMore();
          }}
        >
          {t('common:list.loadMore')}
        </Button>
        {loadingMore && <Loader size="sm" />}
      </>
    );

  return (
    <VirtualRows
      items={items}
      keyOf={idOf}
      complete={!hasMore && !pending}
      labelledBy={titleId}
      selectedKey={selectedId}
      onSelect={onSelect}
      renderRow={NumberRow}
      renderSelected={() => <RentPicker {...rent} />}
      onNearEnd={onNearEnd}
      footer={footer && <div className="picker-list__more">{footer}</div>}
      busy={pending || loadingMore}
      focusIndex={focusOnArrival}
      onFocused={clearFocusOnArrival}
    />
  );
}

function Body({ busy = false, children }: { busy?: boolean; children: ReactNode }) {
  return (
    <div className="picker-list__body" aria-busy={busy}>
      {children}
    </div>
  );
}

function NumberRow(number: MobileNumber) {
  return (
    <>
      <span className="picker-row__phone" aria-hidden="true">
        <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <rect x="6" y="2" width="12" height="20" rx="2.5" />
          <path d="M11 18h2" />
        </svg>
      </span>
      <span className="picker-row__name truncated-name picker-row__number">{number.mobile_number}</span>
      {number.price !== undefined && (
        <span className="price-tag">
          <span className="price-tag__per-day">{usd(number.price)}</span>
        </span>
      )}
    </>
  );
}

/** `value`, once it has stayed the same for `delayMs`. */
function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
