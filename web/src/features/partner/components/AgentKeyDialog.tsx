import type { AgentWithKeyReply } from '@numbernest/contracts';
import { Button } from '@/components/button/Button';
import { Modal } from '@/components/modal/Modal';
import { useTranslation } from '@/lib/i18n';
import { CopyValue } from './CopyValue';

/** Where agents send PUSH_SMS: the API's origin (its own host on AWS, this page's locally), as the API docs show it. */
export const pushSmsUrl = () => `${import.meta.env.VITE_API_URL || window.location.origin}/api/agents/sms`;

/**
 * An agent's protocol key right after it was made or rotated: the only time it is shown (the server
 * keeps no copy to show again), with what to set on the agent.
 */
export function AgentKeyDialog({ shown, rotated, onClose }: { shown: AgentWithKeyReply; rotated: boolean; onClose: () => void }) {
  const { t } = useTranslation('partner');
  const name = shown.data.name;
  return (
    <Modal
      title={t(rotated ? 'key.rotatedTitle' : 'key.addedTitle', { name })}
      onClose={onClose}
      footer={
        <Button variant="primary" onClick={onClose}>
          {t('key.done')}
        </Button>
      }
    >
      <div className="partner-key" data-testid="agent-key-dialog">
        <p className="partner-key__warning" role="alert">
          {t('key.once')}
        </p>
        <p className="partner-key__lead">{t('key.configure')}</p>
        <ol className="partner-key__steps">
          <li>{t('key.stepKey')}</li>
          <li>{t('key.stepUrl')}</li>
        </ol>
        <CopyValue label={t('key.key')} value={shown.key} testId="agent-key" />
        <CopyValue label={t('key.pushUrl')} value={pushSmsUrl()} testId="agent-push-url" />
      </div>
    </Modal>
  );
}
