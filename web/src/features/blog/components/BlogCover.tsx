import { useState } from 'react';

/** A post's cover; if the image cannot load, a soft gradient keeps the card's shape. */
export function BlogCover({ src, className }: { src: string; className: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <div className={`blog-cover ${className}`}>
      {!failed && <img src={src} alt="" loading="lazy" onError={() => setFailed(true)} />}
    </div>
  );
}
