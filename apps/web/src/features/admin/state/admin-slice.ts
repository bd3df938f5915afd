import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AdminState } from './admin-schema';

export const initialAdminState: AdminState = {
  adminDetails: [],
  clientBrands: [],
  openDrawer: false,
  permissions: [],
  fullPageLoader: false,
  findValues: { navBarHeight: 0 },
};

export const adminSlice = createSlice({
  name: 'admin',
  initialState: initialAdminState,
  reducers: {
    setAdminDetails(state, action: PayloadAction<AdminState['adminDetails']>) {
      state.adminDetails = action.payload;
    },
    setClientBrands(state, action: PayloadAction<AdminState['clientBrands']>) {
      state.clientBrands = action.payload;
    },
    setOpenDrawer(state, action: PayloadAction<boolean>) {
      state.openDrawer = action.payload;
    },
    toggleDrawer(state) {
      state.openDrawer = !state.openDrawer;
    },
    setPermissions(state, action: PayloadAction<string[]>) {
      state.permissions = action.payload;
    },
    setFullPageLoader(state, action: PayloadAction<boolean>) {
      state.fullPageLoader = action.payload;
    },
    setNavBarHeight(state, action: PayloadAction<number>) {
      state.findValues.navBarHeight = Math.max(0, action.payload);
    },
    /** Sign-out: forget everything about the admin user. */
    resetAdmin() {
      return initialAdminState;
    },
  },
});

export const {
  setAdminDetails,
  setClientBrands,
  setOpenDrawer,
  toggleDrawer,
  setPermissions,
  setFullPageLoader,
  setNavBarHeight,
  resetAdmin,
} = adminSlice.actions;
export const adminReducer = adminSlice.reducer;

export type { AdminState };
