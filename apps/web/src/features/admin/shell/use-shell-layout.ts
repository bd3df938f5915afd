import { useEffect } from 'react';
import { useAdminDispatch } from '../state/hooks';
import { setFullPageLoader, setNavBarHeight, setOpenDrawer } from '../state/admin-slice';
import type { RefObject } from 'react';

/**
 * The shell's effects on the admin slice: the full-page loader never outlives the shell, the nav
 * bar's height is kept in the store, and the mobile drawer closes after navigating.
 */
export function useShellLayout(appBarRef: RefObject<HTMLElement | null>, pathname: string) {
  const dispatch = useAdminDispatch();
  // The loader covers a brand switch or sign-out; it never outlives the shell.
  useEffect(() => () => void dispatch(setFullPageLoader(false)), [dispatch]);

  useEffect(() => {
    const bar = appBarRef.current;
    if (!bar) return;
    dispatch(setNavBarHeight(bar.offsetHeight));
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => dispatch(setNavBarHeight(bar.offsetHeight)));
    observer.observe(bar);
    return () => observer.disconnect();
  }, [dispatch, appBarRef]);

  // Close the mobile drawer after navigating.
  useEffect(() => {
    dispatch(setOpenDrawer(false));
  }, [dispatch, pathname]);
}
