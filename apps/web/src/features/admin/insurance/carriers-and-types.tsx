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
  const carrierPage = carriers.page;
  const typePage = types.page;
  return (
    <Stack direction={{ xs: 'column', lg: 'row' }} spacing={3} sx={{ alignItems: 'flex-start' }}>
      <Stack spacing={1} sx={{ flex: 1, minWidth: 0, width: '100%' }}>
        <Typography variant="h6" component="h2">
          Carriers
        </Typography>
        <DataTable
          caption="Insurance carriers"
          columns={carriers.columns}
          rows={carrierPage.data?.items}
          total={carrierPage.data?.total ?? 0}
          rowKey={(carrier) => carrier.carrierId}
          controls={carriers.controls}
          loading={carrierPage.isFetching}
          error={carrierPage.error}
          onRetry={() => void carrierPage.refetch()}
          searchLabel="Search carriers"
          emptyText="No carriers yet."
          noMatchText="No carrier matches your search."
        />
      </Stack>
      <Stack spacing={1} sx={{ flex: 1, minWidth: 0, width: '100%' }}>
        <Typography variant="h6" component="h2">
          Insurance types
        </Typography>
        <DataTable
          caption="Insurance types"
          columns={types.columns}
          rows={typePage.data?.items}
          total={typePage.data?.total ?? 0}
          rowKey={(type) => type.insuranceTypeId}
          controls={types.controls}
          loading={typePage.isFetching}
          error={typePage.error}
          onRetry={() => void typePage.refetch()}
          searchLabel="Search insurance types"
          emptyText="No insurance types yet."
          noMatchText="No insurance type matches your search."
        />
      </Stack>
    </Stack>
  );
}
