import Backdrop from '@mui/material/Backdrop';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useRef } from 'react';
import { useLocation, useParams } from 'react-router';
import { useAdminDispatch, useAdminSelector } from './state/hooks';
import { setOpenDrawer } from './state/admin-slice';
import { ADMIN_SECTIONS, segmentOfPath } from './shared/admin-sections';
import { AdminNav } from './shared/components/admin-nav';
import { ADMIN_MAIN_ID } from './shared/components/admin-page';
import {
  useClientBrands,
  useClientSession,
  useSignOut,
  useUnauthenticatedRedirect,
} from './shared/use-admin-session';

import { ShellContent } from './shell/shell-content';
import { ShellTopBar, SkipLink } from './shell/shell-top-bar';
import { useShellLayout } from './shell/use-shell-layout';

export const DRAWER_WIDTH = 248;

/**
 * Layout of the admin area (/admin/:ClientId/:ruleId): a top bar (navigation button on small
 * screens, brand switcher, sign-out), the navigation drawer listing the sections the role may
 * open, and the section's screen. A section the role may not open goes to `blank`.
 */
export function AdminShell() {
  const { ClientId = '', ruleId = '' } = useParams();
  const location = useLocation();
  const dispatch = useAdminDispatch();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'));
  const openDrawer = useAdminSelector((state) => state.admin.openDrawer);
  const fullPageLoader = useAdminSelector((state) => state.admin.fullPageLoader);
  const appBarRef = useRef<HTMLElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  // Set when a link in the mobile drawer is followed: focus then goes to the new page's h1, not the menu button.
  const navigatedFromDrawer = useRef(false);

  useUnauthenticatedRedirect();
  const session = useClientSession(ClientId);
  const brands = useClientBrands();
  const { signOut, signingOut } = useSignOut();

  useShellLayout(appBarRef, location.pathname);

  const segment = segmentOfPath(location.pathname);
  const permissions = session.data?.permissions ?? [];
  const brand = brands.data?.clients.find((client) => client.clientId === ClientId);
  const scheduler = brand?.schedulers.find((candidate) => candidate.schedulerId === ruleId);

  const nav = (
    <AdminNav
      clientId={ClientId}
      ruleId={ruleId}
      sections={ADMIN_SECTIONS.filter((section) => section.inNav && permissions.includes(section.permission))}
      currentSegment={segment}
      onNavigate={() => {
        if (desktop) return;
        navigatedFromDrawer.current = true;
        dispatch(setOpenDrawer(false));
      }}
    />
  );

  // The temporary drawer gives focus back itself: to the new page's heading after following a link,
  // else (Escape, backdrop) to the menu button that opened it.
  const restoreFocusAfterDrawer = () => {
    const heading = document.querySelector<HTMLElement>(`#${ADMIN_MAIN_ID} h1`);
    if (navigatedFromDrawer.current && heading) heading.focus();
    else menuButtonRef.current?.focus();
    navigatedFromDrawer.current = false;
  };

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink />
      <ShellTopBar
        appBarRef={appBarRef}
        menuButtonRef={menuButtonRef}
        desktop={desktop}
        openDrawer={openDrawer}
        onToggleDrawer={() => dispatch(setOpenDrawer(!openDrawer))}
        brand={brand}
        scheduler={scheduler}
        brands={brands.data?.clients ?? []}
        clientId={ClientId}
        segment={segment}
        displayName={session.data?.user.displayName}
        signingOut={signingOut}
        onSignOut={() => void signOut()}
      />
      <Box
        component="nav"
        aria-label="Admin sections"
        sx={{ width: { md: DRAWER_WIDTH }, flexShrink: { md: 0 } }}
      >
        {desktop ? (
          <Drawer
            variant="permanent"
            open
            slotProps={{
              paper: { id: 'admin-navigation', sx: { width: DRAWER_WIDTH, boxSizing: 'border-box' } },
            }}
          >
            <Toolbar />
            {nav}
          </Drawer>
        ) : (
          <Drawer
            variant="temporary"
            open={openDrawer}
            onClose={() => dispatch(setOpenDrawer(false))}
            ModalProps={{ keepMounted: false, disableRestoreFocus: true }}
            slotProps={{
              paper: { id: 'admin-navigation', 'aria-label': 'Navigation', sx: { width: DRAWER_WIDTH } },
              transition: { onExited: restoreFocusAfterDrawer },
            }}
          >
            {nav}
          </Drawer>
        )}
      </Box>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Toolbar />
        <ShellContent session={session} segment={segment} permissions={permissions} />
      </Box>
      <Backdrop
        open={fullPageLoader}
        sx={{ zIndex: (t) => t.zIndex.modal + 1, color: '#fff', flexDirection: 'column', gap: 2 }}
      >
        <CircularProgress color="inherit" aria-hidden="true" />
        <Typography role="status">Loading…</Typography>
      </Backdrop>
    </Box>
  );
}
