import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import SvgIcon from '@mui/material/SvgIcon';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Trans, useLingui } from '@lingui/react/macro';
import type { segmentOfPath } from '../shared/admin-sections';
import { ADMIN_MAIN_ID } from '../shared/components/admin-page';
import { BrandSwitcher } from '../shared/components/brand-switcher';
import type { RefObject } from 'react';
import { Link as RouterLink } from '../../../components/app-link';

function MenuIcon() {
  return (
    <SvgIcon aria-hidden="true">
      <path d="M3 18h18v-2H3v2zm0-5h18v-2H3v2zm0-7v2h18V6H3z" />
    </SvgIcon>
  );
}

/** The link keyboard users take past the navigation, shown when focused. */
export function SkipLink() {
  return (
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
      <Trans>Skip to main content</Trans>
    </Box>
  );
}

type Brands = Parameters<typeof BrandSwitcher>[0]['brands'];

export interface ShellTopBarProps {
  appBarRef: RefObject<HTMLElement | null>;
  menuButtonRef: RefObject<HTMLButtonElement | null>;
  desktop: boolean;
  openDrawer: boolean;
  onToggleDrawer: () => void;
  brand: { name: string } | undefined;
  scheduler: { name: string } | undefined;
  brands: Brands;
  clientId: string;
  segment: ReturnType<typeof segmentOfPath>;
  displayName: string | undefined;
  signingOut: boolean;
  onSignOut: () => void;
}

/** The top bar: navigation button (small screens), practice and scheduler, brand switcher, user, sign-out. */
export function ShellTopBar(props: ShellTopBarProps) {
  const { t } = useLingui();
  const { appBarRef, menuButtonRef, desktop, openDrawer, onToggleDrawer, brand, scheduler, segment } = props;
  return (
    <AppBar
      ref={appBarRef}
      position="fixed"
      component="header"
      sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}
    >
      <Toolbar sx={{ gap: 1 }}>
        {desktop ? null : (
          <IconButton
            ref={menuButtonRef}
            color="inherit"
            edge="start"
            aria-label={t`Open navigation`}
            aria-controls="admin-navigation"
            aria-expanded={openDrawer}
            onClick={onToggleDrawer}
          >
            <MenuIcon />
          </IconButton>
        )}
        <Typography component="p" variant="h6" noWrap sx={{ flexGrow: 1, minWidth: 0 }}>
          {brand ? brand.name : t`Scheduler admin`}
          {scheduler && desktop ? (
            <Typography component="span" sx={{ ml: 1, opacity: 0.85 }}>
              · {scheduler.name}
            </Typography>
          ) : null}
        </Typography>
        <BrandSwitcher brands={props.brands} clientId={props.clientId} currentSegment={segment} />
        {desktop && props.displayName !== undefined ? (
          <Typography component="p" variant="body2" noWrap sx={{ maxWidth: 200 }}>
            {props.displayName}
          </Typography>
        ) : null}
        <Button
          color="inherit"
          component={RouterLink}
          to="account"
          aria-current={segment === 'account' ? 'page' : undefined}
        >
          <Trans>Account</Trans>
        </Button>
        <Button color="inherit" onClick={props.onSignOut} disabled={props.signingOut}>
          <Trans>Sign out</Trans>
        </Button>
      </Toolbar>
    </AppBar>
  );
}
