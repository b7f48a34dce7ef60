import { useEffect, useState } from 'react';

/** Spec §9: the header shadow appears once the page is scrolled more than 100px. */
export const headerShadowOffset = 100;

/** True while the window is scrolled further than `offset` pixels. */
export function useScrolledPast(offset = headerShadowOffset): boolean {
  const [past, setPast] = useState(() => typeof window !== 'undefined' && window.scrollY > offset);
  useEffect(() => {
    const update = () => setPast(window.scrollY > offset);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [offset]);
  return past;
}
