import { Outlet } from 'react-router';

/** Layout of the admin area (/admin/:ClientId/:ruleId). Each screen renders its own main landmark. */
export function AdminShell() {
  return <Outlet />;
}
