import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { StepperState } from './stepper-schema';

/** Booking step index: 0 landing, 1 find appointment, 2 additional details, 3 insurance, 4 identity, 5 thank-you. */
export const LAST_STEP_INDEX = 5;

export const initialStepperState: StepperState = { stepper: 0 };

export const stepperSlice = createSlice({
  name: 'stepper',
  initialState: initialStepperState,
  reducers: {
    setStepper(state, action: PayloadAction<number>) {
      const next = Math.trunc(action.payload);
      state.stepper = Number.isFinite(next) ? Math.min(Math.max(next, 0), LAST_STEP_INDEX) : 0;
    },
    resetStepper() {
      return initialStepperState;
    },
  },
});

export const { setStepper, resetStepper } = stepperSlice.actions;
export const stepperReducer = stepperSlice.reducer;

export type { StepperState };
