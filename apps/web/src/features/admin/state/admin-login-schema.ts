/** Schema of the admin-login slice: validates state restored from browser storage (untrusted input). */
import * as z from 'zod';

export const adminLoginStateSchema = z.object({
  remindEmail: z.string().check(z.maxLength(320)),
});

export type AdminLoginState = z.infer<typeof adminLoginStateSchema>;
