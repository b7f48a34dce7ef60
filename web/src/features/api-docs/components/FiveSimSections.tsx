import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from '@/lib/i18n';
import { copyList } from '@/lib/copy';
import {
  fiveSimClientExample,
  fiveSimHosting,
  fiveSimMaxPriceRequests,
  fiveSimMaxPricesAnswer,
  fiveSimPricesAnswer,
  fiveSimRefusalDocs,
  fiveSimRouteDocs,
  fiveSimStatuses,
  fiveSimSteps,
} from '@/features/api-docs/fivesim-examples';
import { Code } from './Code';

/** The page's sections of the 5sim-compatible API, in order (each `#api-<name>`, titled `<name>.title`). */
export const fiveSimSections = ['fivesim', 'fivesimRoutes', 'fivesimStatuses', 'fivesimRefusals', 'fivesimNames', 'fivesimLimits', 'fivesimExamples'] as const;

/** A path that may wrap after each `/` on a narrow screen, and nowhere else. */
function Path({ path }: { path: string }) {
  const parts = path.split('/');
  return (
    <code className="api-docs__path">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && (
            <>
              /<wbr />
            </>
          )}
          {part}
        </Fragment>
      ))}
    </code>
  );
}

/** A wide table scrolls inside its own box where the screen is narrower than it, never widening the page (on a phone its rows stack instead). */
function Scroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="api-docs__scroll" role="group" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

function Section({ name, children }: { name: (typeof fiveSimSections)[number]; children: ReactNode }) {
  const { t } = useTranslation('apiDocs');
  return (
    <section aria-labelledby={`api-${name}`} className="api-docs__fivesim">
      <h2 id={`api-${name}`} className="page-section-title">
        {t(`${name}.title`)}
      </h2>
      {children}
    </section>
  );
}

/** The 5sim-compatible API under `/v1` of `apiOrigin`: how to reach it, every route, statuses, refusals, names, limits, examples. */
export function FiveSimSections({ apiOrigin }: { apiOrigin: string }) {
  const { t } = useTranslation('apiDocs');
  const base = `${apiOrigin}/v1`;
  const live = (path: string) => (
    <a href={`${apiOrigin}${path}`}>
      <code>GET {path}</code>
    </a>
  );
  return (
    <>
      <Section name="fivesim">
        <p>{t('fivesim.text')}</p>
        <h3 className="api-docs__subtitle">{t('fivesim.base')}</h3>
        <Code label={t('fivesim.base')}>{`${base}/`}</Code>
        <h3 className="api-docs__subtitle">{t('fivesim.auth')}</h3>
        <Code label={t('fivesim.auth')}>{'Authorization: Bearer <API key>'}</Code>
        <ul className="api-docs__list" data-testid="api-docs-fivesim-auth">
          {copyList<string>(t, 'fivesim.items').map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p>
          <Link to="/dashboard/account-settings">{t('fivesim.keysLink')}</Link>
        </p>
      </Section>

      <Section name="fivesimRoutes">
        <p>{t('fivesimRoutes.text')}</p>
        <Scroll label={t('fivesimRoutes.title')}>
          <table className="api-docs__table api-docs__table--wide api-docs__table--stack" data-testid="api-docs-fivesim-routes">
            <caption className="visually-hidden">{t('fivesimRoutes.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('fivesimRoutes.method')}</th>
                <th scope="col">{t('fivesimRoutes.path')}</th>
                <th scope="col">{t('fivesimRoutes.access')}</th>
                <th scope="col">{t('fivesimRoutes.what')}</th>
              </tr>
            </thead>
            <tbody>
              {fiveSimRouteDocs.map((route) => (
                <tr key={route.key} data-route={route.key}>
                  <td className="api-docs__inline">
                    <span className={`api-docs__method api-docs__method--${route.method.toLowerCase()}`}>{route.method}</span>
                  </td>
                  <td className="api-docs__inline">
                    {route.linkable ? (
                      // Named by the path itself: the <wbr>s would otherwise break up the link's name.
                      <a href={`${apiOrigin}${route.path}`} aria-label={route.path}>
                        <Path path={route.path} />
                      </a>
                    ) : (
                      <Path path={route.path} />
                    )}
                  </td>
                  <td className="api-docs__nowrap" data-label={t('fivesimRoutes.access')}>
                    {t(route.access === 'user' ? 'fivesimRoutes.user' : 'fivesimRoutes.guest')}
                  </td>
                  <td>{t(route.copy)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
        <p>
          {t('fivesimRoutes.openapi')}{' '}
          <a href={`${apiOrigin}/api/openapi.json`}>
            <code>/api/openapi.json</code>
          </a>
        </p>
      </Section>

      <Section name="fivesimStatuses">
        <dl className="api-docs__errors" data-testid="api-docs-fivesim-statuses">
          {fiveSimStatuses.map((status) => (
            <div key={status}>
              <dt>
                <code>{status}</code>
              </dt>
              <dd>{t(`fivesimStatuses.items.${status}`)}</dd>
            </div>
          ))}
        </dl>
        <p>
          {t('fivesimStatuses.rules')} <a href="#api-rules">{t('rules.title')}</a>
        </p>
      </Section>

      <Section name="fivesimRefusals">
        <p>{t('fivesimRefusals.text')}</p>
        <p className="api-docs__note">{t('fivesimRefusals.noFreePhones')}</p>
        <Scroll label={t('fivesimRefusals.title')}>
          <table className="api-docs__table api-docs__table--wide api-docs__table--stack" data-testid="api-docs-fivesim-refusals">
            <caption className="visually-hidden">{t('fivesimRefusals.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('fivesimRefusals.answer')}</th>
                <th scope="col">{t('fivesimRefusals.status')}</th>
                <th scope="col">{t('fivesimRefusals.when')}</th>
              </tr>
            </thead>
            <tbody>
              {fiveSimRefusalDocs.map((refusal) => (
                <tr key={refusal.key}>
                  <td className="api-docs__inline">
                    <code>{refusal.text}</code>
                  </td>
                  <td className="api-docs__inline" data-label={t('fivesimRefusals.status')}>
                    {refusal.status}
                  </td>
                  <td>{t(`fivesimRefusals.items.${refusal.key}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
      </Section>

      <Section name="fivesimNames">
        <ul className="api-docs__list" data-testid="api-docs-fivesim-names">
          <li>
            {t('fivesimNames.countries')} {live('/v1/guest/countries')}
          </li>
          <li>
            {t('fivesimNames.products')} {live('/v1/guest/products/any/any')}
          </li>
          <li>{t('fivesimNames.operator')}</li>
          <li>
            {t('fivesimNames.hosting')}
            <ul className="api-docs__hosting">
              {fiveSimHosting.products.map((product) => (
                <li key={product}>
                  <code>{product}</code> — {t(`fivesimNames.periods.${product}`)}
                </li>
              ))}
            </ul>
            {t('fivesimNames.aliases')}{' '}
            {fiveSimHosting.aliases.map(({ alias, buys }, i) => (
              <Fragment key={alias}>
                {i > 0 && ', '}
                <code>{alias}</code> → <code>{buys}</code>
              </Fragment>
            ))}
          </li>
          <li>{t('fivesimNames.dollars')}</li>
          <li>{t('fivesimNames.rate')}</li>
        </ul>
        <Code label={t('fivesimNames.pricesExample')}>{`curl "${base}/guest/prices?country=england&product=telegram"\n\n${fiveSimPricesAnswer}`}</Code>
      </Section>

      <Section name="fivesimLimits">
        <ul className="api-docs__list" data-testid="api-docs-fivesim-limits">
          {copyList<string>(t, 'fivesimLimits.items').map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <Code label={t('fivesimLimits.title')}>{fiveSimMaxPriceRequests(base)}</Code>
        <p>{t('fivesimLimits.answer')}</p>
        <Code>{fiveSimMaxPricesAnswer}</Code>
      </Section>

      <Section name="fivesimExamples">
        <p>{t('fivesimExamples.text')}</p>
        <ol className="api-docs__steps" data-testid="api-docs-fivesim-steps">
          {fiveSimSteps(base).map((step) => (
            <li key={step.name}>
              <h3 className="api-docs__subtitle">{t(`fivesimExamples.steps.${step.name}`)}</h3>
              <Code>{step.request}</Code>
              <p className="api-docs__label">{t('fivesimExamples.answer')}</p>
              <Code>{step.answer}</Code>
            </li>
          ))}
        </ol>
        <h3 className="api-docs__subtitle">{t('fivesimExamples.client')}</h3>
        <p>{t('fivesimExamples.clientText')}</p>
        <Code label="JavaScript">{fiveSimClientExample(base)}</Code>
        <p>{t('fivesimExamples.otherClients', { base })}</p>
      </Section>
    </>
  );
}
