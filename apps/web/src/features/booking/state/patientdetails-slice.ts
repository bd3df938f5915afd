import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RulesConfigItem, SelectedProvider, Utm, PatientdetailsState } from './patientdetails-schema';

export const DEFAULT_CONTENT_VALUE = 64;

export const initialPatientdetailsState: PatientdetailsState = {
  patients: [],
  patientdetail: null,
  selectedProvider: null,
  isExistingPatient: false,
  insurancePolicy: null,
  selectedTime: null,
  rulesConfig: [],
  sessionId: null,
  contentValue: DEFAULT_CONTENT_VALUE,
  utm: { utm_source: null, utm_medium: null, utm_campaign: null, utm_term: null },
  isPassedPayLoad: false,
  pageLoader: true,
  language: null,
};

export const patientdetailsSlice = createSlice({
  name: 'patientdetails',
  initialState: initialPatientdetailsState,
  reducers: {
    setPatients(state, action: PayloadAction<PatientdetailsState['patients']>) {
      state.patients = action.payload;
    },
    setPatientDetail(state, action: PayloadAction<PatientdetailsState['patientdetail']>) {
      state.patientdetail = action.payload;
    },
    setSelectedProvider(state, action: PayloadAction<SelectedProvider | null>) {
      state.selectedProvider = action.payload;
    },
    setIsExistingPatient(state, action: PayloadAction<boolean>) {
      state.isExistingPatient = action.payload;
    },
    setInsurancePolicy(state, action: PayloadAction<PatientdetailsState['insurancePolicy']>) {
      state.insurancePolicy = action.payload;
    },
    setSelectedTime(state, action: PayloadAction<PatientdetailsState['selectedTime']>) {
      state.selectedTime = action.payload;
    },
    setRulesConfig(state, action: PayloadAction<RulesConfigItem[]>) {
      state.rulesConfig = action.payload;
    },
    setSessionId(state, action: PayloadAction<string | null>) {
      state.sessionId = action.payload;
    },
    setContentValue(state, action: PayloadAction<number>) {
      state.contentValue = action.payload;
    },
    setUtm(state, action: PayloadAction<Utm>) {
      state.utm = action.payload;
    },
    setIsPassedPayLoad(state, action: PayloadAction<boolean>) {
      state.isPassedPayLoad = action.payload;
    },
    setPageLoader(state, action: PayloadAction<boolean>) {
      state.pageLoader = action.payload;
    },
    /** The patient's choice of language (the switcher); kept when the flow is cleared. */
    setLanguage(state, action: PayloadAction<'en' | 'es' | null>) {
      state.language = action.payload;
    },
    /** Forgets the patient's choices and identity (spec section 4); the encryption key is dropped with it. */
    clearPatientFlow(state) {
      state.patients = [];
      state.patientdetail = null;
      state.selectedProvider = null;
      state.selectedTime = null;
      state.insurancePolicy = null;
      state.isExistingPatient = false;
    },
  },
});

export const {
  setPatients,
  setPatientDetail,
  setSelectedProvider,
  setIsExistingPatient,
  setInsurancePolicy,
  setSelectedTime,
  setRulesConfig,
  setLanguage,
  setSessionId,
  setContentValue,
  setUtm,
  setIsPassedPayLoad,
  setPageLoader,
  clearPatientFlow,
} = patientdetailsSlice.actions;
export const patientdetailsReducer = patientdetailsSlice.reducer;

export type { RulesConfigItem, SelectedProvider, Utm, PatientdetailsState };
