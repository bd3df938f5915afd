import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';

/** How long after the screen's first render a part below the fold mounts anyway (ms). */
export const DEFERRED_MOUNT_DELAY_MS = 1000;

/**
 * Mounts `children` once its place comes near the viewport (within 300 px) or `delayMs` after the
 * screen's first render, whichever is first: a panel below the calendar (the closed days) does not
 * cost the calendar's first paint. Where IntersectionObserver is missing it mounts at once.
 */
export function DeferredMount({
  children,
  delayMs = DEFERRED_MOUNT_DELAY_MS,
  minHeight = 120,
}: {
  children: ReactNode;
  delayMs?: number;
  /** Space kept for the part before it mounts, so the page does not jump. */
  minHeight?: number;
}) {
  const [mounted, setMounted] = useState(() => typeof IntersectionObserver === 'undefined');
  const placeholder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (mounted) return undefined;
    const mount = () => startTransition(() => setMounted(true));
    const timer = window.setTimeout(mount, delayMs);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) mount();
      },
      { rootMargin: '300px 0px' },
    );
    if (placeholder.current) observer.observe(placeholder.current);
    return () => {
      window.clearTimeout(timer);
      observer.disconnect();
    };
  }, [mounted, delayMs]);
  return mounted ? <>{children}</> : <div ref={placeholder} style={{ minHeight }} aria-hidden="true" />;
}
