import { standingFigures, type Standing } from '@numbernest/contracts';
import { useTranslation } from '@/lib/i18n';
import { formatDateTime } from '@/lib/dates';
import { useStanding } from '@/features/rentals/api/use-standing';
import './standing.css';

const chipOfTier: Record<Standing['tier'], string> = {
  trusted: 'chip--success',
  standard: 'chip--neutral',
  limited: 'chip--warning',
  paused: 'chip--danger',
};

/**
 * The account's standing as rows of a facts list (the Account panel's): its tier, the numbers it
 * holds of its limit, how its recent numbers went, what the tier means now, and how standing works,
 * in the same figures the server decides with.
 */
export function StandingFacts() {
  const { t, i18n } = useTranslation('rentals');
  const { data } = useStanding();
  const standing = data?.data;
  if (!standing) return null;
  const total = standing.delivered + standing.unused;
  const note =
    standing.tier === 'paused'
      ? t('standing.note.paused', { date: formatDateTime(standing.paused_until ?? '', i18n.language), unused: standing.unused })
      : standing.tier === 'limited'
        ? t('standing.note.limited', { limit: standing.hold_limit })
        : null;

  return (
    <>
      <div className="facts__row">
        <dt>{t('standing.title')}</dt>
        <dd>
          <span className={`chip ${chipOfTier[standing.tier]}`} data-testid="standing-tier" data-tier={standing.tier}>
            {t(`standing.tiers.${standing.tier}`)}
          </span>
        </dd>
      </div>
      <div className="facts__row">
        <dt>{t('standing.held')}</dt>
        <dd data-testid="standing-held">{t('standing.heldOf', { held: standing.held, limit: standing.hold_limit })}</dd>
      </div>
      <div className="facts__row">
        <dt>{t('standing.outcomes', { days: standing.window_days })}</dt>
        <dd>{total ? t('standing.delivered', { delivered: standing.delivered, total, rate: standing.success_rate }) : t('standing.none')}</dd>
      </div>
      {note && (
        <div className="facts__row">
          <dd className="standing__note" role="status">
            {note}
          </dd>
        </div>
      )}
      <div className="facts__row">
        <dd className="standing__how">
          <details>
            <summary>{t('standing.how.title')}</summary>
            <p>
              {t('standing.how.limits', {
                standard: standingFigures.holdLimits.standard,
                trusted: standingFigures.holdLimits.trusted,
                share: Math.round(standingFigures.sliceShare * 100),
                floor: standingFigures.sliceFloor,
              })}
            </p>
            <p>
              {t('standing.how.tiers', {
                days: standingFigures.windowDays,
                limitedUnused: standingFigures.limited.unusedAtLeast,
                limitedRate: Math.round(standingFigures.limited.rateBelow * 100),
                limitedHold: standingFigures.holdLimits.limited,
                pausedUnused: standingFigures.paused.unusedAtLeast,
                pausedRate: Math.round(standingFigures.paused.rateBelow * 100),
                trustedDelivered: standingFigures.trusted.deliveredAtLeast,
                trustedRate: Math.round(standingFigures.trusted.rateAtLeast * 100),
              })}
            </p>
          </details>
        </dd>
      </div>
    </>
  );
}
