import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useLingui } from '@lingui/react/macro';
import type { ClientBrand } from '@scheduler/contract/admin-auth';
import { permissionsOf } from '@scheduler/domain/roles';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useAdminDispatch } from '../../state/hooks';
import { setFullPageLoader } from '../../state/admin-slice';
import { notify } from '../../../../lib/notify';
import { sectionPath } from '../admin-paths';
import { canOpenSection, firstOpenSection, sectionOf } from '../admin-sections';
import { errorMessageOf } from '../api/admin-request';
import { sessionKeys, switchClient } from '../api/session-api';

export interface BrandSwitcherProps {
  brands: readonly ClientBrand[];
  clientId: string;
  currentSegment: string | undefined;
}

/** Switches the session's brand (GET switch/clients) and opens the same section in the new brand when allowed. */
export function BrandSwitcher({ brands, clientId, currentSegment }: BrandSwitcherProps) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const dispatch = useAdminDispatch();
  const queryClient = useQueryClient();
  if (brands.length < 2) return null;

  const onChange = async (nextClientId: string) => {
    const brand = brands.find((candidate) => candidate.clientId === nextClientId);
    if (!brand || nextClientId === clientId) return;
    dispatch(setFullPageLoader(true));
    try {
      const user = await switchClient(nextClientId);
      queryClient.setQueryData(sessionKeys.user, user);
      queryClient.setQueryData(sessionKeys.session(nextClientId), user);
      const permissions = permissionsOf(brand.role);
      // Stay on the same list when the role there may open it (a detail screen's record belongs to the old brand).
      const section = sectionOf(currentSegment);
      const segment =
        section?.inNav && canOpenSection(permissions, section.segment)
          ? section.segment
          : firstOpenSection(permissions);
      const scheduler = brand.schedulers[0]?.schedulerId ?? '0';
      await navigate(sectionPath(brand.clientId, scheduler, segment));
      const brandName = brand.name;
      void notify(t`Switched to ${brandName}`, 'info');
    } catch (error) {
      void notify(errorMessageOf(error, t`We could not switch practice. Please try again.`), 'error');
    } finally {
      dispatch(setFullPageLoader(false));
    }
  };

  return (
    <TextField
      select
      size="small"
      label={t`Practice`}
      value={clientId}
      onChange={(event) => void onChange(event.target.value)}
      sx={{
        minWidth: { xs: 120, sm: 160 },
        maxWidth: { xs: 150, sm: 260 },
        '& .MuiInputBase-root': { color: 'inherit', bgcolor: 'rgba(255,255,255,0.12)' },
        '& .MuiInputLabel-root, & .MuiInputLabel-root.Mui-focused': { color: 'inherit' },
        '& .MuiOutlinedInput-notchedOutline': { borderColor: 'rgba(255,255,255,0.7)' },
        '& .MuiSvgIcon-root': { color: 'inherit' },
      }}
    >
      {brands.map((brand) => (
        <MenuItem key={brand.clientId} value={brand.clientId}>
          {brand.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
