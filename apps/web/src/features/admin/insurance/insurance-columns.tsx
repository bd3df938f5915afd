import { t } from '@lingui/core/macro';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { CarrierAdmin, InsuranceTypeAdmin, PlanAdmin } from '@scheduler/contract/admin/insurance';
import { type Column } from '../shared/components/data-table';
import { YesNo } from '../shared/components/yes-no';

/** The plans table: carrier, plan, type, top rank, active, and how many providers take it. */
export function planColumns(
  providerCounts: ReadonlyMap<string, number>,
  onEdit: (plan: PlanAdmin) => void,
): Column<PlanAdmin>[] {
  return [
    { key: 'carrier', label: t`Carrier`, sortField: 'carrier', render: (plan) => plan.carrierName },
    { key: 'name', label: t`Plan`, sortField: 'name', render: (plan) => plan.name },
    { key: 'type', label: t`Type`, render: (plan) => plan.insuranceTypeName ?? '—' },
    {
      key: 'topRank',
      label: t`Top package`,
      sortField: 'topRank',
      align: 'right',
      render: (plan) => plan.topRank ?? '—',
    },
    { key: 'active', label: t`Active`, render: (plan) => <YesNo value={plan.active} /> },
    {
      key: 'providers',
      label: t`Providers taking it`,
      align: 'right',
      render: (plan) => providerCounts.get(plan.planId) ?? 0,
    },
    {
      key: 'actions',
      label: t`Actions`,
      render: (plan) => (
        <Button
          size="small"
          onClick={() => onEdit(plan)}
          aria-label={t`Edit ${plan.carrierName} ${plan.name}`}
        >
          {t`Edit`}
        </Button>
      ),
    },
  ];
}

/** The carriers table: name and plan count. */
export function carrierColumns(
  onRename: (carrier: CarrierAdmin) => void,
  onDelete: (carrier: CarrierAdmin) => void,
): Column<CarrierAdmin>[] {
  return [
    { key: 'name', label: t`Carrier`, sortField: 'name', render: (carrier) => carrier.name },
    {
      key: 'planCount',
      label: t`Plans`,
      sortField: 'planCount',
      align: 'right',
      render: (carrier) => carrier.planCount,
    },
    {
      key: 'actions',
      label: t`Actions`,
      render: (carrier) => (
        <Stack direction="row" spacing={1}>
          <Button size="small" onClick={() => onRename(carrier)} aria-label={t`Rename ${carrier.name}`}>
            {t`Rename`}
          </Button>
          <Button
            size="small"
            color="error"
            onClick={() => onDelete(carrier)}
            aria-label={t`Delete ${carrier.name}`}
          >
            {t`Delete`}
          </Button>
        </Stack>
      ),
    },
  ];
}

/** The insurance types table: name, order and plan count. */
export function typeColumns(
  onEdit: (type: InsuranceTypeAdmin) => void,
  onDelete: (type: InsuranceTypeAdmin) => void,
): Column<InsuranceTypeAdmin>[] {
  return [
    { key: 'name', label: t`Type`, sortField: 'name', render: (type) => type.name },
    {
      key: 'sortOrder',
      label: t`Order`,
      sortField: 'sortOrder',
      align: 'right',
      render: (type) => type.sortOrder,
    },
    { key: 'planCount', label: t`Plans`, align: 'right', render: (type) => type.planCount },
    {
      key: 'actions',
      label: t`Actions`,
      render: (type) => (
        <Stack direction="row" spacing={1}>
          <Button size="small" onClick={() => onEdit(type)} aria-label={t`Edit ${type.name}`}>
            {t`Edit`}
          </Button>
          <Button
            size="small"
            color="error"
            onClick={() => onDelete(type)}
            aria-label={t`Delete ${type.name}`}
          >
            {t`Delete`}
          </Button>
        </Stack>
      ),
    },
  ];
}
