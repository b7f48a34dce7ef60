import { useState } from 'react';

/** A flag or a service logo; the name's initials when the image is missing or broken. */
export function Thumb({ src, name }: { src: string; name: string }) {
  const [broken, setBroken] = useState(!src);
  if (broken) {
    const initials = name
      .split(/\s+/)
      .map((word) => word[0])
      .join('')
      .slice(0, 2)
      .toUpperCase();
    return (
      <span className="thumb thumb--initials" aria-hidden="true">
        {initials}
      </span>
    );
  }
  return <img className="thumb" src={src} alt="" width={32} height={32} loading="lazy" onError={() => setBroken(true)} />;
}
