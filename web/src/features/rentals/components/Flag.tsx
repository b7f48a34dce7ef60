import { useState } from 'react';
import { flagSrc } from '@/features/rentals/format';
import './rentals.css';

/** A country's flag from its ISO code; its letters when the web has no flag for it. */
export function Flag({ code }: { code: string }) {
  const src = flagSrc(code);
  const [broken, setBroken] = useState(!src);
  if (broken) {
    return (
      <span className="flag flag--letters" aria-hidden="true">
        {code.slice(0, 2).toUpperCase()}
      </span>
    );
  }
  return <img className="flag" src={src} alt="" width={24} height={18} loading="lazy" onError={() => setBroken(true)} />;
}
