import { NumberType, type MobileNumber } from '@numbernest/contracts';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Loader } from '@/components/loader/Loader';
import { useTranslation } from '@/lib/i18n';
import type { NumberSelection } from '@/features/picker/api/use-numbers';
import { ListMessage, PickerListFrame } from './PickerList';
import type { RentPickerProps } from './RentPicker';
import { AnyNumberRow } from './AnyNumberRow';

// The list (paging, search on the server, virtualization) loads only once it can be shown: the
// landing page's first load has no room for it, and most visitors never pick a service. The rent
// picker comes with it: it only ever shows under a picked number.
const loadNumberList = () => import('./NumberList');
const NumberList = lazy(loadNumberList);
// "Any number"'s rent picker, likewise only once it shows (the list's chunk shares it).
const RentPicker = lazy(() => import('./RentPicker').then((module) => ({ default: module.RentPicker })));

/** The last step: numbers for the selection; the picked one opens its rent picker underneath. */
export function NumberColumn({
  index,
  selection,
  waitingFor,
  prefetch,
  selectedId,
  onSelect,
  onReloaded,
  rent,
  anyNumber,
}: {
  index: number;
  /** What to list; null while `waitingFor` an earlier step. */
  selection: NumberSelection | null;
  waitingFor: string | null;
  /** A country is picked: fetch the list's code now, so it is there when the service is. */
  prefetch: boolean;
  selectedId: number | null;
  onSelect: (number: MobileNumber) => void;
  onReloaded: () => void;
  /** The rent picker under the picked number. */
  rent: RentPickerProps;
  /** Temporary: the "any number" row above the numbers (chosen, its count, and choosing it). */
  anyNumber?: { selected: boolean; count: number | undefined; rate?: number | null; onSelect: () => void };
}) {
  const { t } = useTranslation('picker');
  const [query, setQuery] = useState('');
  const titleId = useId();
  useEffect(() => {
    // A failed fetch here is retried by React.lazy when the list renders.
    if (prefetch) loadNumberList().catch(() => undefined);
  }, [prefetch]);

  return (
    <PickerListFrame
      index={index}
      title={t('steps.number')}
      titleId={titleId}
      searchLabel={t('search.number')}
      query={query}
      onQueryChange={setQuery}
      searchDisabled={Boolean(waitingFor)}
    >
      {waitingFor || !selection ? (
        <div className="picker-list__body">
          <ListMessage text={waitingFor ?? ''} />
        </div>
      ) : (
        <>
          {anyNumber && selection.type === NumberType.Temporary && (
            <AnyNumberRow {...anyNumber}>
              <Suspense fallback={<Loader size="sm" block />}>
                <RentPicker {...rent} />
              </Suspense>
            </AnyNumberRow>
          )}
          <Suspense
            fallback={
              <div className="picker-list__body" aria-busy="true">
                <Loader size="sm" block />
              </div>
            }
          >
            <NumberList selection={selection} query={query} titleId={titleId} selectedId={selectedId} onSelect={onSelect} onReloaded={onReloaded} rent={rent} />
          </Suspense>
        </>
      )}
    </PickerListFrame>
  );
}
