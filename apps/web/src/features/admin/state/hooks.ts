import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import type { AdminLoginState } from './admin-login-schema';
import type { AdminState } from './admin-schema';

/** The part of the app's store the admin area owns (app/store.ts combines it with the others). */
export interface AdminRootState {
  admin: AdminState;
  adminLogin: AdminLoginState;
}

/** Typed hooks for admin code: it reads and writes only its own slices, never through app/. */
export const useAdminDispatch = useDispatch.withTypes<Dispatch<UnknownAction>>();
export const useAdminSelector = useSelector.withTypes<AdminRootState>();
