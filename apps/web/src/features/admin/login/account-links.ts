import { ACCEPT_INVITATION_PATH, RESET_PASSWORD_PATH } from '@scheduler/contract/admin/accounts';

/** The public pages of staff accounts (the e-mailed links' paths come from the contract). */
export const FORGOT_PASSWORD_PATH = '/admin/forgot-password';
export { ACCEPT_INVITATION_PATH, RESET_PASSWORD_PATH };
