import { useState } from 'react';

/** The covers' drawn size (public/images/blog, 1200 × 630): the box keeps its shape before the file arrives. */
const coverSize = { width: 1200, height: 630 };

/**
 * A post's cover; if the image cannot load, a soft gradient keeps the card's shape. Lazy in the list,
 * where most covers are below the fold; `eager` on the post's own page, where it is the first picture.
 */
export function BlogCover({ src, className, eager = false }: { src: string; className: string; eager?: boolean }) {
  const [failed, setFailed] = useState(false);
  return (
    <div className={`blog-cover ${className}`}>
      {!failed && <img src={src} alt="" {...coverSize} loading={eager ? 'eager' : 'lazy'} onError={() => setFailed(true)} />}
    </div>
  );
}
