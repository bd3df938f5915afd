import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AdminLoginState } from './admin-login-schema';

export const initialAdminLoginState: AdminLoginState = { remindEmail: '' };

export const adminLoginSlice = createSlice({
  name: 'adminLogin',
  initialState: initialAdminLoginState,
  reducers: {
    /** The e-mail remembered for the next sign-in ('' forgets it). */
    setRemindEmail(state, action: PayloadAction<string>) {
      state.remindEmail = action.payload.trim().slice(0, 320);
    },
  },
});

export const { setRemindEmail } = adminLoginSlice.actions;
export const adminLoginReducer = adminLoginSlice.reducer;

export type { AdminLoginState };
