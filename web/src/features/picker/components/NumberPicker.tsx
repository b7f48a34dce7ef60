import { NumberType } from '@numbernest/contracts';
import { useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation, type TFunction } from '@/lib/i18n';
import { useNavigate } from 'react-router-dom';
import { useToast } from '@/components/toast/toast-context';
import { storageKeys, writeJson } from '@/lib/storage';
import { isLoggedIn, useAuthState } from '@/lib/auth-state';
import { useAccountHold } from '@/components/account-hold/hold';

// Loaded only when a visitor's selection is kept or restored: the landing page's first load has no room for its schemas.
const pendingPicks = () => import('@/lib/purchase-handoff');
import { useCountries } from '@/lib/catalog/use-countries';
import { usePrivateCountries } from '@/lib/catalog/use-private-countries';
import { useProviders } from '@/lib/catalog/use-providers';
import { useRentTimes } from '@/lib/catalog/use-rent-times';
import { activeStep, hasServiceStep, initialPickerState, pickerReducer, type PickerState } from '@/features/picker/model';
import { orderCost, purchaseHandoff } from '@/features/picker/order';
import { useTemporaryAvailability } from '@/features/picker/api/use-temporary-availability';
import { usd } from '@/lib/catalog/price';
import { ConfirmModal, type OrderSummary } from './ConfirmModal';
import { CountryColumn } from './CountryColumn';
import { MobileBar } from './MobileBar';
import { NumberColumn } from './NumberColumn';
import { panelId, PickerTabs, tabId } from './PickerTabs';
import { ServiceColumn } from './ServiceColumn';
import './NumberPicker.css';

/** The home page number picker: tab, country, service, number, rent period, confirm, pay. */
export function NumberPicker() {
  const { t } = useTranslation('picker');
  const toast = useToast();
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(pickerReducer, NumberType.Shared, initialPickerState);
  const [confirming, setConfirming] = useState(false);
  const { loggedIn } = useAuthState();
  const onHold = useAccountHold() !== null;
  const onHoldNow = useRef(onHold);
  onHoldNow.current = onHold;

  // Back from signing up or in: the visitor's selection again, with its confirmation open (not while on hold: nothing can be bought).
  useEffect(() => {
    if (!loggedIn || localStorage.getItem(storageKeys.pendingPick) === null) return;
    let cancelled = false;
    void pendingPicks().then(({ takePendingPick }) => {
      const pick = cancelled ? null : takePendingPick();
      if (!pick) return;
      dispatch({
        type: 'restore',
        state: {
          tab: pick.type,
          country: pick.country,
          service: pick.service,
          number: pick.number,
          anyNumber: pick.number === null && pick.type === NumberType.Temporary,
          rentTimeId: pick.rent_time_id,
        },
      });
      // Ready to confirm, as Get Now would be: a period chosen (Temporary has none) and nothing holding purchases back.
      if (!onHoldNow.current && (pick.type === NumberType.Temporary || pick.rent_time_id !== null)) setConfirming(true);
    });
    return () => {
      cancelled = true;
    };
  }, [loggedIn]);
  const { tab, country, service, number } = state;
  const withService = hasServiceStep(tab);
  const temporary = tab === NumberType.Temporary;

  const countries = useCountries(tab !== NumberType.Private);
  const privateCountries = usePrivateCountries(tab === NumberType.Private);
  const providers = useProviders(withService ? (country?.id ?? null) : null);
  const rentTimes = useRentTimes(!temporary);
  const available = useTemporaryAvailability(temporary ? (country?.id ?? null) : null, temporary ? (service?.id ?? null) : null);
  const anyNumber = temporary && state.anyNumber === true && !number;
  // The service has nothing on offer: "any number" cannot be the choice.
  useEffect(() => {
    if (available.count === 0 && anyNumber) dispatch({ type: 'anyNumber', available: false });
  }, [available.count, anyNumber]);
  const cost = orderCost(state);
  const rentName = temporary ? t('rent.temporary') : state.rentTimeId === null ? null : t(`rent.${state.rentTimeId}`);

  function getNow() {
    if (!isLoggedIn()) {
      toast.warning(t('warnings.loginFirst'));
      // Signing up (or in) comes back to this very selection, ready to confirm.
      const { country: pickedCountry, number: pickedNumber } = state;
      if (pickedCountry && (pickedNumber || anyNumber))
        void pendingPicks().then(({ savePendingPick, resumePickPath }) => {
          savePendingPick({ type: tab, country: pickedCountry, service: state.service, number: pickedNumber, rent_time_id: state.rentTimeId });
          void navigate(`/signUp?${new URLSearchParams({ return: resumePickPath })}`);
        });
      return;
    }
    if (!temporary && state.rentTimeId === null) return toast.warning(t('warnings.selectWeek'));
    if (onHold) return;
    setConfirming(true);
  }

  function confirm() {
    const handoff = purchaseHandoff(state, rentTimes.items ?? []);
    if (!handoff) return;
    writeJson(storageKeys.buyNumber, handoff);
    void navigate('/payment');
  }

  const step = activeStep(state);
  const order: OrderSummary = {
    country: country?.name ?? '',
    service: service?.name ?? t('confirm.allServices'),
    number: anyNumber ? t('anyNumber.label') : (number?.mobile_number ?? ''),
    rent: rentName ?? '',
    cost: usd(cost?.total ?? 0),
  };

  return (
    <section className="picker" aria-label={t('region')}>
      <PickerTabs active={tab} onChange={(next) => dispatch({ type: 'tab', tab: next })} />
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(tab)} className="picker__panel">
        <p className="picker__hint">{t(`tabHints.${tab}`)}</p>
        <MobileBar
          stepLabel={t('mobile.stepOf', { step: stepNumber(state), total: withService ? 3 : 2 })}
          stepTitle={t(`steps.${step}`)}
          canGoBack={country !== null}
          onBack={() => dispatch({ type: 'back' })}
          summary={summaryItems(state, order, rentName, t, anyNumber)}
        />
        <div className={`picker__columns picker__columns--${withService ? 3 : 2}`} data-step={step}>
          <div className="picker__column" data-active={step === 'country'}>
            <CountryColumn
              key={tab}
              result={tab === NumberType.Private ? privateCountries : countries}
              priced={tab === NumberType.Private}
              selectedId={country?.id ?? null}
              onSelect={(picked) => dispatch({ type: 'country', country: picked })}
            />
          </div>
          {withService && (
            <div className="picker__column" data-active={step === 'service'}>
              <ServiceColumn
                key={`${tab}-${country?.id ?? ''}`}
                result={providers}
                temporary={temporary}
                waitingForCountry={!country}
                selectedId={service?.id ?? null}
                onSelect={(picked) => dispatch({ type: 'service', service: picked })}
                deliveryRateOf={temporary ? available.rateOf : undefined}
              />
            </div>
          )}
          <div className="picker__column" data-active={step === 'number'}>
            <NumberColumn
              key={`${tab}-${country?.id ?? ''}-${service?.id ?? ''}`}
              index={withService ? 3 : 2}
              selection={country && (service || !withService) ? { type: tab, countryId: country.id, serviceId: service?.id ?? null } : null}
              waitingFor={!country ? t('empty.selectCountry') : withService && !service ? t('empty.selectService') : null}
              prefetch={country !== null}
              selectedId={number?.id ?? null}
              onSelect={(picked) => dispatch({ type: 'number', number: picked })}
              onReloaded={() => dispatch({ type: 'numbersReloaded' })}
              rent={{
                temporary,
                rentTimes,
                rentTimeId: state.rentTimeId,
                cost,
                onRentChange: (rentTimeId) => dispatch({ type: 'rent', rentTimeId }),
                onGetNow: getNow,
                blocked: loggedIn && onHold,
              }}
              anyNumber={
                temporary
                  ? { selected: anyNumber, count: available.count, rate: available.rate, onSelect: () => dispatch({ type: 'anyNumber', available: true }) }
                  : undefined
              }
            />
          </div>
        </div>
      </div>
      {confirming && <ConfirmModal order={order} onBack={() => setConfirming(false)} onNext={confirm} />}
    </section>
  );
}

function stepNumber(state: PickerState): number {
  const step = activeStep(state);
  if (step === 'country') return 1;
  if (step === 'service') return 2;
  return hasServiceStep(state.tab) ? 3 : 2;
}

function summaryItems(state: PickerState, order: OrderSummary, rentName: string | null, t: TFunction<'picker'>, anyNumber: boolean) {
  const numberChosen = Boolean(state.number) || anyNumber;
  const items = [
    { label: t('confirm.country'), value: state.country ? order.country : t('empty.selectCountry'), filled: Boolean(state.country) },
    ...(hasServiceStep(state.tab)
      ? [{ label: t('confirm.service'), value: state.service ? order.service : t('empty.selectService'), filled: Boolean(state.service) }]
      : []),
    { label: t('confirm.number'), value: numberChosen ? order.number : t('empty.selectNumber'), filled: numberChosen },
    { label: t('confirm.rent'), value: rentName ?? t('rent.placeholder'), filled: Boolean(rentName) },
    { label: t('confirm.cost'), value: order.cost, filled: Boolean(numberChosen && rentName) },
  ];
  return items;
}
