import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { createPath, useHref, useLocation, useNavigate, useResolvedPath, type To } from 'react-router';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** The in-app destination, as for react-router's `<Link>` (relative to the current route). */
  to: To;
  /** Replace the current history entry (default: only when the link leads to where the page is). */
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * An in-app link: react-router's `<Link>` as this app uses it (a path, `replace`, `state`; what it
 * renders and how a click navigates are the same), without its framework-mode, masking and
 * external-URL machinery, which stayed in every page's first script (issue 16). A click with a
 * modifier key, another button, or a `target` other than `_self` is left to the browser, as is one
 * the own `onClick` prevented.
 */
export function Link({ to, replace, state, target, onClick, ref, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useNavigate();
  const location = useLocation();
  const path = useResolvedPath(to);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      (target && target !== '_self') ||
      event.metaKey ||
      event.altKey ||
      event.ctrlKey ||
      event.shiftKey
    )
      return;
    event.preventDefault();
    void navigate(to, { replace: replace ?? createPath(location) === createPath(path), state });
  };
  return <a {...rest} ref={ref} href={href} target={target} onClick={handleClick} />;
}
