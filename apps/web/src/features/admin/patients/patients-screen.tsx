import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type {
  LastAppointment,
  PatientListItem,
  PatientListSort,
} from '@scheduler/contract/patient-management/patients';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from '../../../components/app-link';
import { sectionPath } from '../shared/admin-paths';
import { AdminPage } from '../shared/components/admin-page';
import { DataTable, useListQuery, type Column, type ListQuery } from '../shared/components/data-table';
import { useAdminParams } from '../shared/use-admin-params';
import { AppointmentFiltersBar, dateRangeError, hasFilters } from '../shared/components/appointment-filters';
import { formatIsoDate, formatPhone } from '../shared/format';
import { visuallyHidden } from '../shared/components/patient-parts';
import { patientDetailsPath } from './patient-paths';
import {
  fetchFilters,
  NO_FILTERS,
  patientKeys,
  type AppointmentFilters,
} from '../shared/api/patient-management-api';
import {
  fetchPatientList,
  fetchPatientsAndLastAppointments,
  usesLastAppointmentSearch,
  type PatientListRequest,
} from './patients-api';
import { APPOINTMENT_STATUS_MESSAGES } from '../shared/status-labels';
import { formatZonedDate, formatZonedDateTime } from '../../../lib/zoned-time';
import { i18n as activeI18n } from '../../../i18n/catalogs';

/** A row of the table: a list item, with its last appointment when the search answered it. */
type PatientRow = PatientListItem & { lastAppointment?: LastAppointment | null };

/** 'Nov 20, 2026, 9:00 AM ET · Cleaning with Dr. Ann Lee · Completed · K7M-4QXD' (the location's zone; the status by its code). */
export function lastAppointmentText(last: LastAppointment, i18n: I18n = activeI18n): string {
  const when = formatZonedDateTime(last.startUtc, last.timeZone);
  const service = last.service.name;
  const provider = last.provider.name;
  return `${when} · ${i18n._(msg`${service} with ${provider}`)} · ${i18n._(APPOINTMENT_STATUS_MESSAGES[last.status])} · ${last.confirmationNumber}`;
}

/**
 * An appointment time of the list in its location's zone, named ('Nov 20, 2026, 9:00 AM CT'); the
 * practice's zone when an older server did not say (still named, never the browser's).
 */
export function listAppointmentTime(
  startUtc: string | null,
  timeZone: string | null | undefined,
  practiceZone: string | undefined,
): string {
  return startUtc === null ? '—' : formatZonedDateTime(startUtc, timeZone ?? practiceZone);
}

const SORT_FIELDS = ['name', 'dateOfBirth', 'createdAt'] as const;

/** The server's sort parameter for the table's sort state ('-name' is name descending). */
export function patientListSort(query: Pick<ListQuery, 'sort' | 'direction'>): PatientListSort {
  const field = (SORT_FIELDS as readonly string[]).includes(query.sort)
    ? (query.sort as (typeof SORT_FIELDS)[number])
    : 'name';
  return query.direction === 'desc' ? `-${field}` : field;
}

/**
 * The patients table; `detailsPath` links each name to the patient's details. Contact details
 * share a column and the appointment times may wrap, so that it fits from 1280 px (issue 19).
 */
function patientColumns(
  detailsPath: (patientId: string) => string,
  practiceZone: string | undefined,
  i18n: I18n,
): Column<PatientRow>[] {
  return [
    {
      key: 'name',
      label: i18n._(msg`Patient`),
      sortField: 'name',
      render: (patient) => (
        <Link component={RouterLink} to={detailsPath(patient.patientId)} sx={{ fontWeight: 500 }}>
          {patient.lastName}, {patient.firstName}
        </Link>
      ),
    },
    {
      key: 'dateOfBirth',
      label: i18n._(msg`Date of birth`),
      sortField: 'dateOfBirth',
      render: (patient) => formatIsoDate(patient.dateOfBirth),
    },
    {
      key: 'contact',
      label: i18n._(msg`Phone and e-mail`),
      wrapMinWidth: 160,
      render: (patient) => (
        <>
          <Typography component="span" variant="body2" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
            {formatPhone(patient.phone)}
          </Typography>
          <Typography
            component="span"
            variant="body2"
            color="text.secondary"
            sx={{ display: 'block', overflowWrap: 'anywhere' }}
          >
            {patient.email ?? '—'}
          </Typography>
        </>
      ),
    },
    {
      key: 'appointments',
      label: i18n._(msg`Appointments`),
      align: 'right',
      render: (patient) => patient.appointmentCount,
    },
    {
      key: 'last',
      label: i18n._(msg`Last visit`),
      wrapMinWidth: 130,
      render: (patient) =>
        patient.lastAppointment
          ? lastAppointmentText(patient.lastAppointment, i18n)
          : listAppointmentTime(patient.lastAppointmentUtc, patient.lastAppointmentTimeZone, practiceZone),
    },
    {
      key: 'next',
      label: i18n._(msg`Next appointment`),
      wrapMinWidth: 130,
      render: (patient) =>
        listAppointmentTime(patient.nextAppointmentUtc, patient.nextAppointmentTimeZone, practiceZone),
    },
    {
      key: 'createdAt',
      label: i18n._(msg`Added`),
      sortField: 'createdAt',
      // The practice's day (its zone), not the browser's.
      render: (patient) => formatZonedDate(patient.createdAt, practiceZone),
    },
  ];
}

/**
 * patients: every patient of the practice, searched (name, phone, e-mail or date of birth) and
 * filtered by their appointments (location, provider, service, status, dates), paged and sorted by
 * the server. The search text lives in this screen's state only, never in the page URL.
 */
export function PatientsScreen() {
  const { t, i18n } = useLingui();
  const { clientId, ruleId } = useAdminParams();
  const controls = useListQuery('name');
  const { query } = controls;
  const [filters, setFilters] = useState<AppointmentFilters>(NO_FILTERS);
  const rangeError = dateRangeError(filters);

  const options = useQuery({
    queryKey: patientKeys.filters(clientId),
    queryFn: ({ signal }) => fetchFilters(clientId, signal),
    staleTime: 5 * 60_000,
  });

  const request: PatientListRequest = {
    page: query.page + 1,
    pageSize: query.pageSize,
    search: query.search,
    sort: patientListSort(query),
    filters,
  };
  const filtered = hasFilters(filters);
  // A search by text (no appointment filters, by name): the scheduler API's staff search, which
  // also answers each patient's last appointment (service, provider, status, confirmation number).
  const withLast = usesLastAppointmentSearch(request, filtered);
  const patients = useQuery<{ items: PatientRow[]; total: number }>({
    queryKey: [...patientKeys.list(clientId, request), withLast ? 'last-appointments' : 'list'],
    queryFn: ({ signal }) =>
      withLast
        ? fetchPatientsAndLastAppointments(clientId, request, signal)
        : fetchPatientList(clientId, request, signal),
    // Keep showing the previous page while the next one loads; never search an invalid range.
    placeholderData: keepPreviousData,
    enabled: rangeError === null,
  });

  const columns = patientColumns(
    (patientId) => sectionPath(clientId, ruleId, patientDetailsPath(patientId)),
    options.data?.defaultTimeZone,
    i18n,
  );

  const total = patients.data?.total ?? 0;

  return (
    <AdminPage
      title={t`Patients`}
      description={t`Find a patient to see their appointments, notes and feedback.`}
    >
      <Typography role="status" sx={visuallyHidden}>
        {patients.data && !patients.isFetching
          ? t`${plural(total, { one: '# patient found', other: '# patients found' })}`
          : ''}
      </Typography>
      <DataTable
        caption={t`Patients`}
        columns={columns}
        rows={patients.data?.items}
        total={total}
        rowKey={(patient) => patient.patientId}
        controls={controls}
        loading={patients.isFetching || (patients.isPending && rangeError === null)}
        error={patients.error ?? options.error}
        onRetry={() => {
          if (options.isError) void options.refetch();
          void patients.refetch();
        }}
        searchLabel={t`Search by name, phone, e-mail or date of birth`}
        emptyText={filtered ? t`No patient has an appointment matching these filters.` : t`No patients yet.`}
        noMatchText={
          filtered ? t`No patient matches your search and filters.` : t`No patient matches your search.`
        }
        toolbar={
          <AppointmentFiltersBar
            options={options.data}
            value={filters}
            onChange={(next) => {
              setFilters(next);
              controls.setPage(0);
            }}
          />
        }
      />
    </AdminPage>
  );
}
