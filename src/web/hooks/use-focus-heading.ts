import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';

const MAX_FRAMES = 180; // about 3 s: lazy screens and their data may take a moment to show a heading

/**
 * After an in-app navigation (not the first load), focus moves to the new screen's main heading, so a
 * screen reader announces the page and keyboard users continue from the top of the content instead of
 * the link they clicked (or <body>).
 */
export function useFocusHeadingOnNavigate() {
  const [location] = useLocation();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location change is the trigger
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    let frame = 0;
    let handle = 0;
    const tick = () => {
      const heading = document.querySelector<HTMLElement>('main h1');
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
        return;
      }
      if (frame++ < MAX_FRAMES) handle = requestAnimationFrame(tick);
    };
    handle = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(handle);
  }, [location]);
}
