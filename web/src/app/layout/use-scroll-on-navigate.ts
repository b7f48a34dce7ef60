import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/** Tries for about a second: the target may render a little after the route (data, lazy copy). */
function scrollToHash(hash: string): () => void {
  const id = decodeURIComponent(hash.slice(1));
  let frame = 0;
  let tries = 0;
  const attempt = () => {
    const target = document.getElementById(id);
    if (target) target.scrollIntoView({ block: 'start' });
    else if (tries++ < 60) frame = requestAnimationFrame(attempt);
  };
  attempt();
  return () => cancelAnimationFrame(frame);
}

/**
 * Each navigation starts at the top of the page, unless the URL names an anchor. The page the app
 * starts on keeps its scroll: the browser placed it (a reload or Back restores it), and a visitor
 * may have scrolled the prerendered page before the app took it over.
 */
export function useScrollOnNavigate() {
  const { pathname, search, hash } = useLocation();
  const shown = useRef(pathname + search);
  useEffect(() => {
    if (hash) return scrollToHash(hash);
    if (shown.current === pathname + search) return;
    shown.current = pathname + search;
    window.scrollTo(0, 0);
  }, [pathname, search, hash]);
}
