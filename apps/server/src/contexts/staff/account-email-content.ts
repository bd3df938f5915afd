import { defaultTemplateParts, renderTemplate } from '@scheduler/domain/messages/index';
import { ROLE_LABELS } from '@scheduler/domain/roles';
import {
  INVITATION_LIFETIME_HOURS,
  PASSWORD_RESET_LIFETIME_MINUTES,
} from '@scheduler/contract/admin/accounts';
import type { Db } from '../../platform/db/database.ts';
import type { AccountEmailKind } from '../../platform/db/schema.ts';

/*
 * The texts of the staff e-mails (kinds `staff-invitation` and `password-reset`): the shipped
 * default templates of packages/domain/src/messages (issue 17, one mailer), rendered with the
 * same LiquidJS engine as the patient messages (HTML escaped). The e-mails name no patient.
 * A practice's own edited template is not used for these kinds (a reset belongs to no practice).
 */

export interface AccountEmailContent {
  subject: string;
  text: string;
  html: string;
}

export async function renderAccountEmail(
  db: Db,
  { kind, link, invitationId }: { kind: AccountEmailKind; link: string; invitationId: number | null },
): Promise<AccountEmailContent> {
  const values: Record<string, unknown> = { action_link: link };
  if (kind === 'password-reset') {
    values.expires_in = `${PASSWORD_RESET_LIFETIME_MINUTES} minutes`;
  } else {
    const invitation =
      invitationId === null
        ? undefined
        : await db
            .selectFrom('staff_invitations')
            .innerJoin('clients', 'clients.id', 'staff_invitations.client_id')
            .leftJoin('users', 'users.id', 'staff_invitations.invited_by_user_id')
            .select(['clients.name as practice', 'staff_invitations.role', 'users.display_name as inviter'])
            .where('staff_invitations.id', '=', invitationId)
            .executeTakeFirst();
    Object.assign(values, {
      practice_name: invitation?.practice ?? '',
      invited_by: invitation?.inviter ?? '',
      role: invitation === undefined ? '' : ROLE_LABELS[invitation.role].toLowerCase(),
      expires_in: `${INVITATION_LIFETIME_HOURS} hours`,
    });
  }
  const rendered = renderTemplate({ kind, channel: 'email' }, defaultTemplateParts(kind, 'email'), values);
  return { subject: rendered.subject ?? '', text: rendered.text, html: rendered.html ?? rendered.text };
}
