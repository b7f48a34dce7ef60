import { countryCodes } from '@numbernest/contracts/handler-api';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router-dom';
import { copyList } from '@/lib/copy';
import { PageIntro } from '@/components/page-intro/PageIntro';
import { Loader } from '@/components/loader/Loader';
import { useCatalogServices } from '@/lib/catalog/use-catalog-services';
import { errorWords, protocolActions, rentWebhookPayload, rentWords, signatureHeader, webhookPayload } from '@/features/api-docs/protocol-examples';
import { Button } from '@/components/button/Button';
import { Code } from './Code';
import { FiveSimSections, fiveSimSections } from './FiveSimSections';
import './api-docs.css';

/** The site's own origin (or the API's when it lives elsewhere): examples show real addresses. */
const origin = () => import.meta.env.VITE_API_URL || window.location.origin;

const nodeVerify = `import { createHmac, timingSafeEqual } from 'node:crypto';

// rawBody: the request body exactly as received (a string), before any JSON parsing.
export function verify(rawBody, header, secret, toleranceSeconds = 300) {
  const parts = Object.fromEntries(header.split(',').map((p) => p.trim().split('=')));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(\`\${t}.\${rawBody}\`).digest('hex');
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  const wanted = Buffer.from(expected, 'hex');
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}`;

const pythonVerify = `import hashlib, hmac, time

def verify(raw_body: bytes, header: str, secret: str, tolerance: int = 300) -> bool:
    parts = dict(p.strip().split("=", 1) for p in header.split(","))
    try:
        t = int(parts["t"])
    except (KeyError, ValueError):
        return False
    if abs(time.time() - t) > tolerance:
        return False
    signed = f"{t}.".encode() + raw_body
    expected = hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, parts.get("v1", ""))`;

/** The services the protocol carries, from the live catalogue (a service without a code is not carried). */
function ServiceCodeRows() {
  const { t } = useTranslation('apiDocs');
  const { data, error, isLoading, mutate } = useCatalogServices();
  if (!data) {
    return (
      <tr>
        <td colSpan={2}>
          {isLoading || !error ? (
            <Loader size="sm" />
          ) : (
            <>
              {t('codes.servicesFailed')}{' '}
              <Button size="sm" onClick={() => void mutate()}>
                {t('codes.retry')}
              </Button>
            </>
          )}
        </td>
      </tr>
    );
  }
  return data.data.flatMap(({ id, name, code }) =>
    code === null
      ? []
      : [
          <tr key={id}>
            <td>
              <code>{code}</code>
            </td>
            <td>{name}</td>
          </tr>,
        ],
  );
}

/** The SMS-Activate protocol's sections, in order; the 5sim-compatible API's follow them. */
const sections = ['base', 'keys', 'actions', 'rules', 'errors', 'rent', 'codes', 'webhook'] as const;

/** A section's name in the table of contents: its title, or a shorter `toc` where the group's own title would repeat it. */
const tocLabel = (name: string) => (name === 'fivesim' ? 'fivesim.toc' : `${name}.title`);

function TocGroup({ id, title, names }: { id: string; title: string; names: readonly string[] }) {
  const { t } = useTranslation('apiDocs');
  return (
    <div className="api-docs__toc-group">
      <p id={id} className="api-docs__toc-title">
        {title}
      </p>
      <ul aria-labelledby={id}>
        {names.map((s) => (
          <li key={s}>
            <a href={`#api-${s}`}>{t(tocLabel(s))}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function ApiDocsPage() {
  const { t } = useTranslation('apiDocs');
  const base = `${origin()}/stubs/handler_api.php`;
  return (
    <div className="page api-docs">
      <PageIntro eyebrow={t('eyebrow')} title={t('title')} lead={t('lead')} />
      <div className="container page-body">
        <nav aria-label={t('toc')} className="api-docs__toc">
          <TocGroup id="api-toc-sms-activate" title={t('tocSmsActivate')} names={sections} />
          <TocGroup id="api-toc-fivesim" title={t('tocFiveSim')} names={fiveSimSections} />
        </nav>

        <section aria-labelledby="api-base">
          <h2 id="api-base" className="page-section-title">
            {t('base.title')}
          </h2>
          <Code>{base}</Code>
          <p>{t('base.text')}</p>
          <p>
            {t('base.openapi')}{' '}
            <a href={`${origin()}/api/openapi.json`}>
              <code>/api/openapi.json</code>
            </a>
          </p>
        </section>

        <section aria-labelledby="api-keys">
          <h2 id="api-keys" className="page-section-title">
            {t('keys.title')}
          </h2>
          <ul className="api-docs__list">
            {copyList<string>(t, 'keys.items').map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <p>
            <Link to="/dashboard/account-settings">{t('keys.link')}</Link>
          </p>
        </section>

        <section aria-labelledby="api-actions">
          <h2 id="api-actions" className="page-section-title">
            {t('actions.title')}
          </h2>
          <div className="api-docs__actions">
            {protocolActions(base).map((action) => (
              <article key={action.name} className="page-card api-docs__action" aria-labelledby={`action-${action.name}`}>
                <h3 id={`action-${action.name}`}>
                  <code>{action.name}</code>
                </h3>
                <p>{t(action.copy ?? `actions.${action.name}`)}</p>
                <h4>{t('actions.example')}</h4>
                <Code>{action.example}</Code>
                <h4>{t('actions.answers')}</h4>
                <ul className="api-docs__answers">
                  {action.answers.map((answer) => (
                    <li key={answer}>
                      <code>{answer}</code>
                    </li>
                  ))}
                </ul>
              </article>
            ))}
          </div>
        </section>

        <section aria-labelledby="api-rules">
          <h2 id="api-rules" className="page-section-title">
            {t('rules.title')}
          </h2>
          <ul className="api-docs__list" data-testid="api-docs-rules">
            {copyList<string>(t, 'rules.items').map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="api-errors">
          <h2 id="api-errors" className="page-section-title">
            {t('errors.title')}
          </h2>
          <dl className="api-docs__errors" data-testid="api-docs-errors">
            {errorWords.map((word) => (
              <div key={word}>
                <dt>
                  <code>{word}</code>
                </dt>
                <dd>{t(`errors.${word}`)}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section aria-labelledby="api-rent">
          <h2 id="api-rent" className="page-section-title">
            {t('rent.title')}
          </h2>
          <ul className="api-docs__list" data-testid="api-docs-rent">
            {copyList<string>(t, 'rent.items').map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <p>{t('rent.webhook')}</p>
          <Code>{rentWebhookPayload}</Code>
          <h3>{t('rent.errorsTitle')}</h3>
          <dl className="api-docs__errors" data-testid="api-docs-rent-errors">
            {rentWords.map((word) => (
              <div key={word}>
                <dt>
                  <code>{word}</code>
                </dt>
                <dd>{t(`rent.errors.${word}`)}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section aria-labelledby="api-codes">
          <h2 id="api-codes" className="page-section-title">
            {t('codes.title')}
          </h2>
          <div className="api-docs__tables">
            <table className="api-docs__table">
              <caption>{t('codes.services')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('codes.code')}</th>
                  <th scope="col">{t('codes.service')}</th>
                </tr>
              </thead>
              <tbody>
                <ServiceCodeRows />
              </tbody>
            </table>
            <table className="api-docs__table">
              <caption>{t('codes.countries')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('codes.id')}</th>
                  <th scope="col">{t('codes.country')}</th>
                </tr>
              </thead>
              <tbody>
                {countryCodes.map(([id, iso, rus]) => (
                  <tr key={id}>
                    <td>
                      <code>{id}</code>
                    </td>
                    <td>
                      {iso.toUpperCase()} · {rus}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>

        <section aria-labelledby="api-webhook">
          <h2 id="api-webhook" className="page-section-title">
            {t('webhook.title')}
          </h2>
          <p>{t('webhook.text')}</p>
          <Code>{webhookPayload}</Code>
          <p>{t('webhook.fields')}</p>
          <p>{t('webhook.verified')}</p>
          <Code>{signatureHeader}</Code>
          <p>{t('webhook.signature')}</p>
          <h3>{t('webhook.node')}</h3>
          <Code>{nodeVerify}</Code>
          <h3>{t('webhook.python')}</h3>
          <Code>{pythonVerify}</Code>
        </section>

        <FiveSimSections apiOrigin={origin()} />
      </div>
    </div>
  );
}
