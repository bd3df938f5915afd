import { hasPermission, type Permission, type Role } from '@scheduler/domain/roles';
import { useAdminParams } from './use-admin-params';
import { useClientSession } from './use-admin-session';

export interface StaffAccess {
  role: Role | null;
  userId: string | null;
  can: (permission: Permission) => boolean;
}

/** The signed-in user's role and permissions in the brand of the URL (the shell has loaded them). */
export function useStaffAccess(): StaffAccess {
  const { clientId } = useAdminParams();
  const session = useClientSession(clientId);
  const permissions = session.data?.permissions ?? [];
  return {
    role: session.data?.role ?? null,
    userId: session.data?.user.userId ?? null,
    can: (permission) => hasPermission(permissions, permission),
  };
}
