import { Trans, useLingui } from '@lingui/react/macro';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CarrierAdmin, InsuranceTypeAdmin } from '@scheduler/contract/admin/insurance';
import { DataTable, type Column, type ListQueryControls } from '../shared/components/data-table';
import type { PagedQueryResult } from '../shared/components/paged-query';

export interface CarriersAndTypesProps {
  carriers: {
    page: PagedQueryResult<CarrierAdmin>;
    controls: ListQueryControls;
    columns: Column<CarrierAdmin>[];
  };
  types: {
    page: PagedQueryResult<InsuranceTypeAdmin>;
    controls: ListQueryControls;
    columns: Column<InsuranceTypeAdmin>[];
  };
}

/** The carriers and the insurance types, side by side on a wide screen. */
export function CarriersAndTypes({ carriers, types }: CarriersAndTypesProps) {
  const { t } = useLingui();
  const carrierPage = carriers.page;
  const typePage = types.page;
  return (
    <Stack direction={{ xs: 'column', lg: 'row' }} spacing={3} sx={{ alignItems: 'flex-start' }}>
      <Stack spacing={1} sx={{ flex: 1, minWidth: 0, width: '100%' }}>
        <Typography variant="h6" component="h2">
          <Trans>Carriers</Trans>
        </Typography>
        <DataTable
          caption={t`Insurance carriers`}
          columns={carriers.columns}
          rows={carrierPage.data?.items}
          total={carrierPage.data?.total ?? 0}
          rowKey={(carrier) => carrier.carrierId}
          controls={carriers.controls}
          loading={carrierPage.isFetching}
          error={carrierPage.error}
          onRetry={() => void carrierPage.refetch()}
          searchLabel={t`Search carriers`}
          emptyText={t`No carriers yet.`}
          noMatchText={t`No carrier matches your search.`}
        />
      </Stack>
      <Stack spacing={1} sx={{ flex: 1, minWidth: 0, width: '100%' }}>
        <Typography variant="h6" component="h2">
          <Trans>Insurance types</Trans>
        </Typography>
        <DataTable
          caption={t`Insurance types`}
          columns={types.columns}
          rows={typePage.data?.items}
          total={typePage.data?.total ?? 0}
          rowKey={(type) => type.insuranceTypeId}
          controls={types.controls}
          loading={typePage.isFetching}
          error={typePage.error}
          onRetry={() => void typePage.refetch()}
          searchLabel={t`Search insurance types`}
          emptyText={t`No insurance types yet.`}
          noMatchText={t`No insurance type matches your search.`}
        />
      </Stack>
    </Stack>
  );
}
