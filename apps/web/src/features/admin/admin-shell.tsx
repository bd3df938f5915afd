import AppBar from '@mui/material/AppBar';
import Backdrop from '@mui/material/Backdrop';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import SvgIcon from '@mui/material/SvgIcon';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { useAdminDispatch, useAdminSelector } from './state/hooks';
import { setFullPageLoader, setNavBarHeight, setOpenDrawer } from './state/admin-slice';
import { isApiError } from '../../lib/api-client';
import {
  ADMIN_SECTIONS,
  canOpenSection,
  firstOpenSection,
  sectionOf,
  segmentOfPath,
} from './shared/admin-sections';
import { AdminNav } from './shared/components/admin-nav';
import { AdminPage, ADMIN_MAIN_ID } from './shared/components/admin-page';
import { BrandSwitcher } from './shared/components/brand-switcher';
import { ErrorBlock, LoadingBlock } from './shared/components/query-state';
import {
  useClientBrands,
  useClientSession,
  useSignOut,
  useUnauthenticatedRedirect,
} from './shared/use-admin-session';

export const DRAWER_WIDTH = 248;

function MenuIcon() {
  return (
    <SvgIcon aria-hidden="true">
      <path d="M3 18h18v-2H3v2zm0-5h18v-2H3v2zm0-7v2h18V6H3z" />
    </SvgIcon>
  );
}

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
  }, [dispatch]);

  // Close the mobile drawer after navigating.
  useEffect(() => {
    dispatch(setOpenDrawer(false));
  }, [dispatch, location.pathname]);

  const segment = segmentOfPath(location.pathname);
  const permissions = session.data?.permissions ?? [];
  const brand = brands.data?.clients.find((client) => client.clientId === ClientId);
  const scheduler = brand?.schedulers.find((candidate) => candidate.schedulerId === ruleId);

  let content;
  if (session.isPending) {
    content = (
      <AdminPage title="Loading">
        <LoadingBlock />
      </AdminPage>
    );
  } else if (session.isError) {
    const forbidden =
      isApiError(session.error) && (session.error.status === 403 || session.error.status === 404);
    content = (
      <AdminPage title={forbidden ? 'No access to this practice' : 'Something went wrong'}>
        {forbidden ? (
          <Typography>
            You don&apos;t have access to this practice. Choose one of your practices from the list.
          </Typography>
        ) : (
          <ErrorBlock error={session.error} onRetry={() => void session.refetch()} />
        )}
      </AdminPage>
    );
  } else if (segment === undefined) {
    content = <Navigate to={firstOpenSection(permissions)} replace />;
  } else if (!canOpenSection(permissions, segment)) {
    content = <Navigate to="blank" replace state={{ forbidden: sectionOf(segment)?.label ?? segment }} />;
  } else {
    content = <Outlet />;
  }

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
      <Box
        component="a"
        href={`#${ADMIN_MAIN_ID}`}
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: (t) => t.zIndex.tooltip,
          bgcolor: 'background.paper',
          color: 'primary.main',
          p: 1,
          '&:focus': { top: 8 },
        }}
      >
        Skip to main content
      </Box>
      <AppBar ref={appBarRef} position="fixed" component="header" sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: 1 }}>
          {desktop ? null : (
            <IconButton
              ref={menuButtonRef}
              color="inherit"
              edge="start"
              aria-label="Open navigation"
              aria-controls="admin-navigation"
              aria-expanded={openDrawer}
              onClick={() => dispatch(setOpenDrawer(!openDrawer))}
            >
              <MenuIcon />
            </IconButton>
          )}
          <Typography component="p" variant="h6" noWrap sx={{ flexGrow: 1, minWidth: 0 }}>
            {brand ? brand.name : 'Scheduler admin'}
            {scheduler && desktop ? (
              <Typography component="span" sx={{ ml: 1, opacity: 0.85 }}>
                · {scheduler.name}
              </Typography>
            ) : null}
          </Typography>
          <BrandSwitcher brands={brands.data?.clients ?? []} clientId={ClientId} currentSegment={segment} />
          {desktop && session.data ? (
            <Typography component="p" variant="body2" noWrap sx={{ maxWidth: 200 }}>
              {session.data.user.displayName}
            </Typography>
          ) : null}
          <Button color="inherit" onClick={() => void signOut()} disabled={signingOut}>
            Sign out
          </Button>
        </Toolbar>
      </AppBar>
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
        {content}
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
