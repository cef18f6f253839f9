import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';

const MAX_FRAMES = 180; // about 3 s: lazy screens and their data may take a moment to show a heading
const SETTLE_FRAMES = 10; // the heading must keep focus this long (menus and dialogs restore focus late)

/**
 * After an in-app navigation (not the first load), focus moves to the new screen's main heading, so a
 * screen reader announces the page and keyboard users continue from the top of the content instead of
 * the link they clicked (or <body>). It gives up as soon as the user clicks or types.
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
    let held = 0;
    let handle = 0;
    let stopped = false;
    const stop = () => {
      stopped = true;
    };
    window.addEventListener('pointerdown', stop, { once: true, capture: true });
    window.addEventListener('keydown', stop, { once: true, capture: true });
    const tick = () => {
      if (stopped) return;
      const heading = document.querySelector<HTMLElement>('main h1');
      if (heading && document.activeElement === heading) held++;
      else if (heading) {
        held = 0;
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
      }
      if (held < SETTLE_FRAMES && frame++ < MAX_FRAMES) handle = requestAnimationFrame(tick);
    };
    handle = requestAnimationFrame(tick);
    return () => {
      cancelAnimationFrame(handle);
      window.removeEventListener('pointerdown', stop, { capture: true });
      window.removeEventListener('keydown', stop, { capture: true });
    };
  }, [location]);
}
