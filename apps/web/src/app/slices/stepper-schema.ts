/** Schema of the stepper slice: validates state restored from browser storage (untrusted input). */
import * as z from 'zod/mini';
import { LAST_STEP_INDEX } from './stepper-slice';

export const stepperStateSchema = z.object({
  stepper: z.int().check(z.minimum(0), z.maximum(LAST_STEP_INDEX)),
});

export type StepperState = z.infer<typeof stepperStateSchema>;
