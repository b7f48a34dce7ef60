import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Modal } from '@/components/modal/Modal';
import { copyList } from '@/lib/copy';
import { DemoScreen } from './DemoScreen';
import { Button } from '@/components/button/Button';

interface Scene {
  title: string;
  text: string;
}

const sceneMs = 4200;
const prefersReducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/** The 'Watch demo' tour: an animated walkthrough of the steps that plays on its own. */
export default function DemoModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('home');
  const scenes = copyList<Scene>(t, 'demo.scenes');
  const [index, setIndex] = useState(0);
  // With reduced motion the tour waits for the buttons instead of moving on by itself.
  const [autoplay] = useState(() => !prefersReducedMotion());
  const last = index === scenes.length - 1;
  const scene = scenes[index];

  useEffect(() => {
    if (!autoplay || last) return;
    const timer = setTimeout(() => setIndex((i) => i + 1), sceneMs);
    return () => clearTimeout(timer);
  }, [autoplay, index, last]);

  if (!scene) return null;
  const footer = (
    <>
      <Button onClick={() => setIndex((i) => i - 1)} disabled={index === 0}>
        {t('demo.back')}
      </Button>
      <Button variant="primary" onClick={() => setIndex(last ? 0 : index + 1)}>
        {last ? t('demo.replay') : t('demo.next')}
      </Button>
    </>
  );
  return (
    <Modal title={t('demo.modalTitle')} onClose={onClose} footer={footer}>
      <div className="demo-modal">
        <div className="demo-modal__progress" aria-hidden="true">
          {scenes.map((s, i) => (
            <span key={s.title} className={i < index ? 'is-done' : i === index ? 'is-current' : ''}>
              {i === index && autoplay && !last && <span className="demo-modal__bar" style={{ animationDuration: `${sceneMs}ms` }} />}
            </span>
          ))}
        </div>
        <div className="demo-modal__body">
          <DemoScreen key={index} scene={index} />
          <div className="demo-modal__caption" aria-live="polite">
            <p className="demo-modal__step">{t('demo.stepOf', { current: index + 1, total: scenes.length })}</p>
            <h3>{scene.title}</h3>
            <p>{scene.text}</p>
          </div>
        </div>
      </div>
    </Modal>
  );
}
