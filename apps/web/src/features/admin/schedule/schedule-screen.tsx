import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { i18n } from '../../../i18n/catalogs';
import type { ScheduleResponse } from '@scheduler/contract/admin/schedule';
import { useQueryClient } from '@tanstack/react-query';
import { memo, useCallback, useMemo, useState } from 'react';
import { zoneLabel, zoneLongName } from '../../../lib/zoned-time';
import { errorMessageOf } from '../shared/api/admin-request';
import { AdminPage } from '../shared/components/admin-page';
import { ErrorBlock, LoadingBlock } from '../shared/components/query-state';
import { notifySaved } from '../shared/components/save-feedback';
import { useAdminParams } from '../shared/use-admin-params';
import { useStaffAccess } from '../shared/use-staff-access';
import { AppointmentDetailsDialog } from './appointment-details-dialog';
import { DeferredMount } from './deferred-mount';
import { ClosuresPanel, closedDayText } from './closures/closures-panel';
import { FrontDeskDialogs, useScheduleMove, type FrontDeskRequest } from './front-desk-wiring';
import { scheduleKeys } from './schedule-api';
import { ScheduleCalendar } from './schedule-calendar';
import { ScheduleControls } from './schedule-controls';
import { buildScheduleModel, type AppointmentBlock } from './schedule-model';
import { useSchedulePage } from './use-schedule-page';
import { calendarDayOf } from './zone-mapping';

const now = () => Date.now();
/** The closed days panel re-renders only for another location (not on every day or view change). */
const ClosedDaysPanel = memo(ClosuresPanel);

/** The calendar's model of the answer, with the providers and statuses chosen. */
function useScheduleModel(
  data: ScheduleResponse | undefined,
  providerFilter: string[],
  showCancelled: boolean,
) {
  return useMemo(
    () =>
      data
        ? buildScheduleModel(data, {
            providerIds: providerFilter.length > 0 ? new Set(providerFilter) : null,
            showCancelled,
          })
        : null,
    [data, providerFilter, showCancelled],
  );
}

/** The locations while they load, if they fail, or when there is none. */
function LocationsState({ options }: { options: ReturnType<typeof useSchedulePage>['options'] }) {
  const { t } = useLingui();
  if (options.isPending) return <LoadingBlock label={t`Loading locations…`} />;
  if (options.isError) return <ErrorBlock error={options.error} onRetry={() => void options.refetch()} />;
  return options.data.locations.length === 0 ? (
    <Alert severity="info">
      <Trans>Add a location first: the schedule shows one location at a time.</Trans>
    </Alert>
  ) : null;
}

/** What a click, a key or a drop on the calendar does. */
function useCalendarActions(
  setFrontDesk: (request: FrontDeskRequest) => void,
  setOpenAppointmentId: (appointmentId: string) => void,
  moveTo: (block: AppointmentBlock, providerId: string, startMs: number) => Promise<void>,
) {
  const onSelectFreeTime = useCallback(
    (providerId: string, startMs: number) =>
      setFrontDesk({ kind: 'new', providerId, start: new Date(startMs) }),
    [setFrontDesk],
  );
  const onOpenAppointment = useCallback(
    (block: AppointmentBlock) => setOpenAppointmentId(block.id),
    [setOpenAppointmentId],
  );
  const onMoveAppointment = useCallback(
    (block: AppointmentBlock, providerId: string, startMs: number) => void moveTo(block, providerId, startMs),
    [moveTo],
  );
  return { onSelectFreeTime, onOpenAppointment, onMoveAppointment };
}

/** Closed days in view, a failed move, a failed load. */
function ScheduleNotices({
  locationName,
  closedDays,
  moveError,
  onCloseMoveError,
  loadError,
  onRetry,
}: {
  locationName: string;
  closedDays: readonly string[];
  moveError: unknown;
  onCloseMoveError: () => void;
  loadError: unknown;
  onRetry: () => void;
}) {
  const { t } = useLingui();
  const days = closedDays.map(closedDayText).join(', ');
  const count = closedDays.length;
  return (
    <>
      {count > 0 ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          <Plural
            value={count}
            one={`${locationName} is closed on ${days}: no time is offered on that day.`}
            other={`${locationName} is closed on ${days}: no time is offered on those days.`}
          />
        </Alert>
      ) : null}
      {moveError ? (
        <Alert severity="error" sx={{ mb: 2 }} onClose={onCloseMoveError}>
          {errorMessageOf(moveError, t`The appointment could not be moved.`)}{' '}
          <Trans>Use Reschedule in the appointment&apos;s details to choose another time.</Trans>
        </Alert>
      ) : null}
      {loadError ? <ErrorBlock error={loadError} onRetry={onRetry} /> : null}
    </>
  );
}

/** The dialogs the schedule opens: an appointment's details, and the front desk's (book, move, cancel). */
function ScheduleDialogs({
  clientId,
  ruleId,
  locationId,
  timeZone,
  canWrite,
  openBlock,
  onCloseBlock,
  frontDesk,
  onFrontDesk,
  refresh,
}: {
  clientId: string;
  ruleId: string;
  locationId: string;
  timeZone: string;
  canWrite: boolean;
  openBlock: AppointmentBlock | undefined;
  onCloseBlock: () => void;
  frontDesk: FrontDeskRequest | null;
  onFrontDesk: (request: FrontDeskRequest | null) => void;
  refresh: () => Promise<unknown>;
}) {
  return (
    <>
      {openBlock ? (
        <AppointmentDetailsDialog
          clientId={clientId}
          ruleId={ruleId}
          timeZone={timeZone}
          block={openBlock}
          canWrite={canWrite}
          onClose={onCloseBlock}
          onReschedule={() => {
            onCloseBlock();
            onFrontDesk({ kind: 'reschedule', appointmentId: openBlock.id });
          }}
          onCancel={() => {
            onCloseBlock();
            onFrontDesk({ kind: 'cancel', appointmentId: openBlock.id });
          }}
          onChanged={() => void refresh()}
        />
      ) : null}
      <FrontDeskDialogs
        clientId={clientId}
        locationId={locationId}
        request={frontDesk}
        onClose={() => onFrontDesk(null)}
        onDone={(message) => {
          onFrontDesk(null);
          notifySaved(message);
          void refresh();
        }}
      />
    </>
  );
}

/** 'Lakeview. Times are in Central Time (CT).' */
function describeLocation(name: string, zone: string): string {
  const zoneName = zoneLongName(zone);
  const zoneShort = zoneLabel(zone, Date.now());
  return i18n._(msg`${name}. Times are in ${zoneName} (${zoneShort}).`);
}

/**
 * The front desk's Schedule (issue 19): one location's day or week, one column per provider, on
 * the location's clock with its zone named; a free time opens the New appointment dialog, a block
 * its details (status, Reschedule, Cancel), a drop moves it; the location's closed days below.
 */
export function ScheduleScreen() {
  const { t } = useLingui();
  const { clientId, ruleId } = useAdminParams();
  const canWrite = useStaffAccess().can('patients:write');
  const queryClient = useQueryClient();
  const page = useSchedulePage(clientId);
  const { location, timeZone, data, schedule } = page;
  const [providerFilter, setProviderFilter] = useState<string[]>([]);
  const [showCancelled, setShowCancelled] = useState(false);
  const [openAppointmentId, setOpenAppointmentId] = useState<string | null>(null);
  const [frontDesk, setFrontDesk] = useState<FrontDeskRequest | null>(null);

  const model = useScheduleModel(data, providerFilter, showCancelled);
  const calendarDate = useMemo(() => calendarDayOf(page.date), [page.date]);
  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all(clientId) }),
    [queryClient, clientId],
  );
  const move = useScheduleMove(clientId, location?.locationId ?? '', refresh);
  const { moveTo, clearError } = move;
  const actions = useCalendarActions(setFrontDesk, setOpenAppointmentId, moveTo);
  const openBlock = model?.appointments.find((block) => block.id === openAppointmentId);
  const closedDays = data?.closures.map((closure) => closure.date) ?? [];
  const locationName = location?.name ?? '';

  return (
    <AdminPage
      title={t`Schedule`}
      maxWidth={1600}
      description={location ? describeLocation(location.name, timeZone) : undefined}
      actions={
        canWrite && location ? (
          <Button variant="contained" onClick={() => setFrontDesk({ kind: 'new' })}>
            <Trans>New appointment</Trans>
          </Button>
        ) : null
      }
    >
      <LocationsState options={page.options} />
      {location ? (
        <>
          <ScheduleControls
            locations={page.locations}
            locationId={location.locationId}
            providers={data?.providers ?? []}
            providerFilter={providerFilter}
            date={page.date}
            today={page.today}
            view={page.view}
            showCancelled={showCancelled}
            onLocation={(locationId) => {
              setProviderFilter([]);
              page.update({ location: locationId });
            }}
            onProviderFilter={setProviderFilter}
            onDate={(date) => page.update({ date })}
            onView={(view) => page.update({ view })}
            onShowCancelled={setShowCancelled}
          />
          <ScheduleNotices
            locationName={location.name}
            closedDays={closedDays}
            moveError={move.error}
            onCloseMoveError={clearError}
            loadError={schedule.isError ? schedule.error : null}
            onRetry={() => void schedule.refetch()}
          />
          <Box
            component="section"
            aria-label={t`Schedule`}
            aria-busy={schedule.isFetching}
            className="schedule-calendar"
            sx={{ height: { xs: 640, md: 'calc(100vh - 260px)' }, minHeight: 520 }}
          >
            {model === null ? (
              schedule.isPending ? (
                <LoadingBlock label={t`Loading the schedule…`} />
              ) : null
            ) : model.providers.length === 0 ? (
              <Typography sx={{ p: 2 }}>{t`No provider works at ${locationName}.`}</Typography>
            ) : (
              <ScheduleCalendar
                model={model}
                view={page.view}
                date={calendarDate}
                now={now}
                {...(canWrite
                  ? {
                      onSelectFreeTime: actions.onSelectFreeTime,
                      onMoveAppointment: actions.onMoveAppointment,
                    }
                  : {})}
                onOpenAppointment={actions.onOpenAppointment}
              />
            )}
          </Box>
          <ScheduleDialogs
            clientId={clientId}
            ruleId={ruleId}
            locationId={location.locationId}
            timeZone={timeZone}
            canWrite={canWrite}
            openBlock={openBlock}
            onCloseBlock={() => setOpenAppointmentId(null)}
            frontDesk={frontDesk}
            onFrontDesk={setFrontDesk}
            refresh={refresh}
          />
          {move.prompt}
          <Box sx={{ mt: 3 }}>
            {/* Below the calendar: mounts when scrolled near or a second later (not in the calendar's first paint). */}
            <DeferredMount>
              <ClosedDaysPanel clientId={clientId} locationId={location.locationId} />
            </DeferredMount>
          </Box>
        </>
      ) : null}
    </AdminPage>
  );
}
