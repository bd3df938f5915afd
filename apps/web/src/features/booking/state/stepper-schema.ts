/** Schema of the stepper slice: validates state restored from browser storage (untrusted input). */
import * as z from 'zod';
import { LAST_STEP_INDEX } from './limits';

export const stepperStateSchema = z.object({
  stepper: z.int().check(z.gte(0), z.lte(LAST_STEP_INDEX)),
});

export type StepperState = z.infer<typeof stepperStateSchema>;
