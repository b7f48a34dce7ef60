import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { copyList } from '@/lib/copy';
import { PlayIcon } from './icons';

// The walkthrough loads only when asked for, keeping it out of the landing bundle.
const DemoModal = lazy(() => import('./DemoModal'));

interface Scene {
  title: string;
}

export function DemoTour() {
  const { t } = useTranslation('home');
  const [open, setOpen] = useState(false);
  return (
    <section className="home-section home-demo" aria-labelledby="home-demo">
      <div className="container home-demo__inner">
        <div className="home-demo__copy">
          <h2 id="home-demo">{t('demo.title')}</h2>
          <p>{t('demo.lead')}</p>
          <ol className="home-demo__outline">
            {copyList<Scene>(t, 'demo.scenes').map((scene) => (
              <li key={scene.title}>{scene.title}</li>
            ))}
          </ol>
        </div>
        <button type="button" className="home-demo__play" onClick={() => setOpen(true)} aria-haspopup="dialog">
          <span className="home-demo__play-icon">
            <PlayIcon size={28} />
          </span>
          <span className="home-demo__play-label">{t('demo.button')}</span>
        </button>
      </div>
      {open && (
        <Suspense fallback={null}>
          <DemoModal onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </section>
  );
}
