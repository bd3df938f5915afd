import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { LAST_STEP_INDEX } from './limits';
import type { StepperState } from './stepper-schema';

export { LAST_STEP_INDEX };

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
