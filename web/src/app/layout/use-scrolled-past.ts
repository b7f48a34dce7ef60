import { useEffect, useState } from 'react';

/** The header shadow appears once the page is scrolled more than 100px. */
export const headerShadowOffset = 100;

/** True while the window is scrolled further than `offset` pixels. */
export function useScrolledPast(offset = headerShadowOffset): boolean {
  // Starts false, as in the prerendered HTML (a restored scroll position would not match it); the effect corrects it.
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > offset);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [offset]);
  return past;
}
