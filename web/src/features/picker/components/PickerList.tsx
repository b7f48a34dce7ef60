import { useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Loader } from '@/components/loader/Loader';
import { RefreshIcon, SearchIcon } from '@/components/icons/Icons';
import type { ListResult } from '@/lib/catalog/list-result';
import { searchSorted } from '@/features/picker/search';
import { Button } from '@/components/button/Button';

interface PickerListProps<T> {
  /** Position in the flow, shown as the column's step number. */
  index: number;
  title: string;
  searchLabel: string;
  /** Shown instead of the list while an earlier step is missing (e.g. 'Select Country From List'). */
  waitingFor?: string | null;
  result: ListResult<T>;
  /** Shown when the list arrived empty. */
  emptyText: string;
  textOf: (item: T) => string;
  keyOf: (item: T) => number;
  selectedKey: number | null;
  onSelect: (item: T) => void;
  renderRow: (item: T) => ReactNode;
  /** Extra content under the selected row (the number's rent picker). */
  renderSelected?: (item: T) => ReactNode;
  onRetry?: () => void;
}

/** One column of the picker: a search box and a fixed-height scrolling list with its own loading, error and empty states. */
export function PickerList<T>(props: PickerListProps<T>) {
  const { index, title, searchLabel, waitingFor, result, emptyText, textOf } = props;
  const { t } = useTranslation('picker');
  const [query, setQuery] = useState('');
  const titleId = useId();
  const items = useMemo(() => (result.items ? searchSorted(result.items, query, textOf) : []), [result.items, query, textOf]);

  let body: ReactNode;
  if (waitingFor) body = <ListMessage text={waitingFor} />;
  else if (result.error) body = <ListError onRetry={props.onRetry ?? result.retry} />;
  else if (result.isLoading || !result.items) body = <Loader size="sm" block />;
  else if (result.items.length === 0) body = <ListMessage text={emptyText} />;
  else if (items.length === 0) body = <ListMessage text={t('empty.noData')} />;
  else
    body = (
      <ul className="picker-list__items" aria-labelledby={titleId}>
        {items.map((item) => {
          const selected = props.keyOf(item) === props.selectedKey;
          return (
            <li key={props.keyOf(item)} className={`picker-row${selected ? ' picker-row--selected' : ''}`}>
              <button type="button" className="picker-row__button" aria-pressed={selected} onClick={() => props.onSelect(item)}>
                {props.renderRow(item)}
              </button>
              {selected && props.renderSelected?.(item)}
            </li>
          );
        })}
      </ul>
    );

  return (
    <PickerListFrame
      index={index}
      title={title}
      titleId={titleId}
      searchLabel={searchLabel}
      query={query}
      onQueryChange={setQuery}
      searchDisabled={Boolean(waitingFor)}
    >
      <div className="picker-list__body" aria-busy={result.isLoading && !waitingFor}>
        {body}
      </div>
    </PickerListFrame>
  );
}

interface PickerListFrameProps {
  index: number;
  title: string;
  /** The heading's id: the list inside names itself by it. */
  titleId: string;
  searchLabel: string;
  query: string;
  onQueryChange: (query: string) => void;
  searchDisabled: boolean;
  /** The list's body (`.picker-list__body`, the 491 px scrolling box). */
  children: ReactNode;
}

/** A column's frame: its step number and heading, and the search box over its body. */
export function PickerListFrame({ index, title, titleId, searchLabel, query, onQueryChange, searchDisabled, children }: PickerListFrameProps) {
  return (
    <section className="picker-list" aria-labelledby={titleId}>
      <header className="picker-list__header">
        <span className="picker-list__index" aria-hidden="true">
          {index}
        </span>
        <h3 id={titleId} className="picker-list__title">
          {title}
        </h3>
      </header>
      <label className="picker-search">
        <SearchIcon size={16} className="picker-search__icon" />
        <input
          type="search"
          className="picker-search__input"
          placeholder={searchLabel}
          aria-label={searchLabel}
          value={query}
          disabled={searchDisabled}
          onChange={(event) => onQueryChange(event.target.value)}
          // Enter in a search box does nothing (it must not submit or select).
          onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
        />
      </label>
      {children}
    </section>
  );
}

export function ListMessage({ text }: { text: string }) {
  return <p className="picker-list__message">{text}</p>;
}

export function ListError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('picker');
  return (
    <div className="picker-list__message picker-list__message--error" role="alert">
      <p>{t('loadFailed')}</p>
      <Button size="sm" onClick={onRetry}>
        <RefreshIcon size={14} />
        {t('retry')}
      </Button>
    </div>
  );
}
