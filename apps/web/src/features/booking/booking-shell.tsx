import { Outlet } from 'react-router';

/** Layout of the booking flow (/:clientName/:scheduler/:location/). Each step renders its own main landmark. */
export function BookingShell() {
  return <Outlet />;
}
