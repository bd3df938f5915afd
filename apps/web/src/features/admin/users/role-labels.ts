import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Role } from '@scheduler/domain/roles';
import { i18n } from '../../../i18n/catalogs';

/** The roles' names as staff screens show them (the domain's ROLE_LABELS, translatable). */
export const ROLE_NAMES: Readonly<Record<Role, MessageDescriptor>> = {
  owner: msg`Owner`,
  admin: msg`Administrator`,
  staff: msg`Staff`,
  viewer: msg`Viewer`,
};

/** A role's name in the active language ('Administrator'). */
export function roleLabel(role: Role): string {
  return i18n._(ROLE_NAMES[role]);
}
