import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DISTANCE_MAX, DISTANCE_MIN } from './limits';
import type { BookingLocation, GenderOption, ServiceType, ServicetypeState } from './servicetype-schema';

export { DISTANCE_MAX, DISTANCE_MIN };

export const initialServicetypeState: ServicetypeState = {
  servicetype: null,
  location: null,
  locationId: null,
  genderFilter: [
    { label: 'Male', value: 'M', checked: true },
    { label: 'Female', value: 'F', checked: true },
  ],
  postalCode: '',
  insurance: null,
  distance: [DISTANCE_MIN, DISTANCE_MAX],
  isLocationSwitchPopUpOpen: false,
};

function clampDistance(value: number): number {
  if (!Number.isFinite(value)) return DISTANCE_MIN;
  return Math.min(Math.max(value, DISTANCE_MIN), DISTANCE_MAX);
}

export const servicetypeSlice = createSlice({
  name: 'servicetype',
  initialState: initialServicetypeState,
  reducers: {
    setServicetype(state, action: PayloadAction<ServiceType | null>) {
      state.servicetype = action.payload;
    },
    /** Sets the location and keeps `locationId` in step with it. */
    setLocation(state, action: PayloadAction<BookingLocation | null>) {
      state.location = action.payload;
      state.locationId = action.payload?.LocationId ?? null;
    },
    setLocationId(state, action: PayloadAction<ServicetypeState['locationId']>) {
      state.locationId = action.payload;
    },
    setGenderFilter(state, action: PayloadAction<GenderOption[]>) {
      state.genderFilter = action.payload;
    },
    toggleGender(state, action: PayloadAction<GenderOption['value']>) {
      for (const option of state.genderFilter) {
        if (option.value === action.payload) option.checked = !option.checked;
      }
    },
    setPostalCode(state, action: PayloadAction<string>) {
      state.postalCode = action.payload.trim().slice(0, 20);
    },
    setInsurance(state, action: PayloadAction<ServicetypeState['insurance']>) {
      state.insurance = action.payload;
    },
    /** Range within 0..30, lower bound first. */
    setDistance(state, action: PayloadAction<[number, number]>) {
      const a = clampDistance(action.payload[0]);
      const b = clampDistance(action.payload[1]);
      state.distance = a <= b ? [a, b] : [b, a];
    },
    setLocationSwitchPopUpOpen(state, action: PayloadAction<boolean>) {
      state.isLocationSwitchPopUpOpen = action.payload;
    },
    resetServicetype() {
      return initialServicetypeState;
    },
  },
});

export const {
  setServicetype,
  setLocation,
  setLocationId,
  setGenderFilter,
  toggleGender,
  setPostalCode,
  setInsurance,
  setDistance,
  setLocationSwitchPopUpOpen,
  resetServicetype,
} = servicetypeSlice.actions;
export const servicetypeReducer = servicetypeSlice.reducer;

export type { ServiceType, BookingLocation, GenderOption, ServicetypeState };
