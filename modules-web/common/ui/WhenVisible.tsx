import { useEffect, useRef, useState, type ReactNode } from 'react';

/** How far below the viewport content starts to mount: it is there before the person reaches it. */
const AHEAD = '200px';

/**
 * Content mounted once it comes near the viewport, then kept: a dashboard's lower parts
 * (charts and long tables below the fold) cost the first paint nothing. Where the browser
 * cannot tell (no IntersectionObserver), it mounts at once.
 */
export function WhenVisible({ minHeight, children }: { minHeight: number; children: ReactNode }) {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const placeholder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = placeholder.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${AHEAD} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return near ? children : <div ref={placeholder} style={{ minHeight }} aria-busy="true" />;
}
