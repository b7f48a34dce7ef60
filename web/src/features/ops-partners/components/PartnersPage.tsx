import { grantPartnerRequestSchema, type GrantPartnerRequest, type OpsPartner } from '@numbernest/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/button/Button';
import { DashboardPage } from '@/components/dashboard-page/DashboardPage';
import { DataTable, type Column } from '@/components/data-table/DataTable';
import { EmptyState } from '@/components/empty-state/EmptyState';
import { FormField } from '@/components/form-field/FormField';
import { UsersIcon } from '@/components/icons/dashboard-icons';
import { Loader } from '@/components/loader/Loader';
import { Modal } from '@/components/modal/Modal';
import { Panel } from '@/components/panel/Panel';
import { useToast } from '@/components/toast/toast-context';
import { ApiError } from '@/lib/api-client';
import { formatDate, formatDateTime } from '@/lib/dates';
import { useSchemaForm } from '@/lib/form/use-schema-form';
import { useTranslation } from '@/lib/i18n';
import { opsUserPath } from '@/lib/paths';
import { serverErrorText } from '@/lib/server-errors';
import { describeValidation } from '@/lib/validation';
import { usePartners } from '@/features/ops-partners/api/use-partners';
import { EmailText } from './EmailText';
import { PartnerShareSection } from './PartnerShareSection';
import './ops-partners.css';

/**
 * SIM-bank owners who plug their modems in through agents: who they are, since when, how many agents
 * each runs; grant the role to an account by its e-mail, revoke it (asked first: its agents stay);
 * and what they earn of each sale (PartnerShareSection).
 */
export default function PartnersPage() {
  const { t, i18n } = useTranslation(['ops-partners', 'ops', 'errors']);
  const toast = useToast();
  const { data, error, isLoading, mutate, revoke } = usePartners();
  const [revoking, setRevoking] = useState<OpsPartner | null>(null);
  const [busy, setBusy] = useState(false);
  const partners = data?.data;

  const confirmRevoke = async () => {
    if (!revoking) return;
    setBusy(true);
    try {
      await revoke(revoking.sub);
      toast.success(t('partners.revoked', { email: revoking.email }));
      setRevoking(null);
    } catch (caught) {
      toast.error(caught instanceof ApiError ? serverErrorText(t, caught) : t('ops:common.failed'));
    } finally {
      setBusy(false);
    }
  };

  const columns: Column<OpsPartner>[] = [
    {
      key: 'email',
      header: t('partners.columns.email'),
      cell: (partner) => (
        <Link className="ops-partners__email" to={opsUserPath(partner.sub)}>
          <EmailText email={partner.email} />
        </Link>
      ),
    },
    {
      key: 'since',
      header: t('partners.columns.since'),
      cell: (partner) => (
        <time dateTime={partner.since} title={formatDateTime(partner.since, i18n.language)}>
          {formatDate(partner.since, i18n.language)}
        </time>
      ),
    },
    { key: 'agents', header: t('partners.columns.agents'), numeric: true, cell: (partner) => partner.agents.toLocaleString(i18n.language) },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('partners.columns.actions')}</span>,
      cell: (partner) => (
        <Button variant="danger-outline" size="sm" aria-label={t('partners.revokeNamed', { email: partner.email })} onClick={() => setRevoking(partner)}>
          {t('partners.revoke')}
        </Button>
      ),
    },
  ];

  return (
    <DashboardPage title={t('partners.title')} lead={t('partners.intro')}>
      <div className="ops-partners">
        <Panel title={t('partners.grant.title')}>
          <GrantPartnerForm onGranted={(email) => toast.success(t('partners.granted', { email }))} />
        </Panel>
        <Panel title={t('partners.caption')}>
          {isLoading && !partners ? (
            <Loader block />
          ) : !partners ? (
            <EmptyState
              icon={UsersIcon}
              title={error ? t('ops:common.failed') : t('partners.caption')}
              action={<Button onClick={() => void mutate()}>{t('ops:common.retry')}</Button>}
            />
          ) : (
            <DataTable
              caption={t('partners.caption')}
              columns={columns}
              rows={partners}
              rowKey={(partner) => partner.sub}
              empty={<EmptyState icon={UsersIcon} title={t('partners.empty')} text={t('partners.emptyText')} />}
              testId="ops-partners-table"
              rowTestId="ops-partner-row"
            />
          )}
        </Panel>
        <PartnerShareSection />
      </div>

      {revoking && (
        <Modal
          title={t('partners.confirm.title', { email: revoking.email })}
          onClose={() => !busy && setRevoking(null)}
          footer={
            <>
              <Button onClick={() => setRevoking(null)} disabled={busy}>
                {t('ops:common.cancel')}
              </Button>
              <Button variant="danger" onClick={() => void confirmRevoke()} disabled={busy} data-testid="partner-revoke-confirm">
                {t('partners.revoke')}
              </Button>
            </>
          }
        >
          <p>{t('partners.confirm.text', { count: revoking.agents })}</p>
        </Modal>
      )}
    </DashboardPage>
  );
}

/** The e-mail of an existing account, judged by the request's own schema; an unknown account is said under the field. */
function GrantPartnerForm({ onGranted }: { onGranted: (email: string) => void }) {
  const { t } = useTranslation(['ops-partners', 'ops']);
  const { t: te } = useTranslation('errors');
  const { t: tv } = useTranslation('validation');
  const { grant } = usePartners();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm<keyof GrantPartnerRequest, GrantPartnerRequest>({
    schema: grantPartnerRequestSchema,
    initial: { email: '' },
    idPrefix: 'grant-partner',
    onFailure: (caught, placed) => {
      if (placed) return;
      if (caught instanceof ApiError && caught.status === 404) form.setError('email', { key: 'noAccount' });
      else setFailure(caught instanceof ApiError ? serverErrorText(te, caught) : t('ops:common.failed'));
    },
  });
  const send = form.submit(async (body) => {
    const reply = await grant(body);
    form.reset();
    onGranted(reply.data.email);
  });
  const emailError = form.errors.email;

  return (
    <form
      className="ops-partners__grant"
      onSubmit={(event) => {
        setFailure(null);
        void send(event);
      }}
      noValidate
      aria-busy={form.busy}
    >
      <p className="ops-partners__lead">{t('partners.grant.lead')}</p>
      <div className="ops-partners__grant-row">
        <FormField
          label={t('partners.grant.email')}
          error={emailError && describeValidation(tv, emailError)}
          inputProps={{ type: 'email', inputMode: 'email', autoComplete: 'off', placeholder: 'owner@example.com', ...form.bind('email') }}
        />
        <Button type="submit" variant="primary" disabled={form.busy}>
          {t('partners.grant.submit')}
        </Button>
      </div>
      {failure && (
        <p className="ops-partners__error" role="alert">
          {failure}
        </p>
      )}
    </form>
  );
}
