/** Schema of the admin slice: validates state restored from browser storage (untrusted input). */
import * as z from 'zod';
import { recordSchema } from '../../../lib/entity-schemas';

export const adminStateSchema = z.object({
  adminDetails: z.array(recordSchema),
  clientBrands: z.array(recordSchema),
  openDrawer: z.boolean(),
  permissions: z.array(z.string()),
  fullPageLoader: z.boolean(),
  findValues: z.object({ navBarHeight: z.number().check(z.gte(0)) }),
});

export type AdminState = z.infer<typeof adminStateSchema>;
