import { describe, expect, it } from 'vitest';
import {
  initialAdminLoginState,
  adminLoginReducer,
  setRemindEmail,
} from '../features/admin/state/admin-login-slice';
import {
  adminReducer,
  initialAdminState,
  setNavBarHeight,
  toggleDrawer,
} from '../features/admin/state/admin-slice';
import {
  clearPatientFlow,
  initialPatientdetailsState,
  patientdetailsReducer,
  setInsurancePolicy,
  setIsExistingPatient,
  setPatientDetail,
  setPatients,
  setSelectedProvider,
  setSelectedTime,
  setSessionId,
} from '../features/booking/state/patientdetails-slice';
import { patientdetailsStateSchema } from '../features/booking/state/patientdetails-schema';
import {
  initialServicetypeState,
  servicetypeReducer,
  setDistance,
  setLocation,
  toggleGender,
} from '../features/booking/state/servicetype-slice';
import { servicetypeStateSchema } from '../features/booking/state/servicetype-schema';
import { setStepper, stepperReducer } from '../features/booking/state/stepper-slice';
import { stepperStateSchema } from '../features/booking/state/stepper-schema';
import { adminStateSchema } from '../features/admin/state/admin-schema';
import { adminLoginStateSchema } from '../features/admin/state/admin-login-schema';

const init = { type: '@@INIT' };

describe('slice defaults (spec section 3)', () => {
  it('starts the stepper at step 0', () => {
    expect(stepperReducer(undefined, init)).toEqual({ stepper: 0 });
  });

  it('starts servicetype with both genders checked and the full 0–30 distance range', () => {
    expect(servicetypeReducer(undefined, init)).toEqual({
      servicetype: null,
      location: null,
      locationId: null,
      genderFilter: [
        { label: 'Male', value: 'M', checked: true },
        { label: 'Female', value: 'F', checked: true },
      ],
      postalCode: '',
      insurance: null,
      distance: [0, 30],
      isLocationSwitchPopUpOpen: false,
    });
  });

  it('starts patientdetails with contentValue 64, an empty utm and the page loader on', () => {
    expect(patientdetailsReducer(undefined, init)).toEqual({
      patients: [],
      patientdetail: null,
      selectedProvider: null,
      isExistingPatient: false,
      insurancePolicy: null,
      selectedTime: null,
      rulesConfig: [],
      sessionId: null,
      contentValue: 64,
      utm: { utm_source: null, utm_medium: null, utm_campaign: null, utm_term: null },
      isPassedPayLoad: false,
      pageLoader: true,
      language: null,
    });
  });

  it('starts admin with empty lists, a closed drawer and a nav bar height', () => {
    expect(adminReducer(undefined, init)).toEqual({
      adminDetails: [],
      clientBrands: [],
      openDrawer: false,
      permissions: [],
      fullPageLoader: false,
      findValues: { navBarHeight: 0 },
    });
  });

  it('starts adminLogin with no remembered e-mail', () => {
    expect(adminLoginReducer(undefined, init)).toEqual({ remindEmail: '' });
  });

  it('has defaults that pass their own restore schemas', () => {
    expect(stepperStateSchema.safeParse({ stepper: 0 }).success).toBe(true);
    expect(servicetypeStateSchema.safeParse(initialServicetypeState).success).toBe(true);
    expect(patientdetailsStateSchema.safeParse(initialPatientdetailsState).success).toBe(true);
    expect(adminStateSchema.safeParse(initialAdminState).success).toBe(true);
    expect(adminLoginStateSchema.safeParse(initialAdminLoginState).success).toBe(true);
  });
});

describe('clearPatientFlow', () => {
  it('empties the patient, provider, time and insurance choices and resets isExistingPatient', () => {
    let state = patientdetailsReducer(undefined, init);
    state = patientdetailsReducer(state, setPatients([{ id: 'p1' }]));
    state = patientdetailsReducer(state, setPatientDetail({ firstName: 'Ada' }));
    state = patientdetailsReducer(state, setSelectedProvider({ providerId: 7 }));
    state = patientdetailsReducer(state, setSelectedTime({ start: '2030-01-02T15:00:00Z' }));
    state = patientdetailsReducer(state, setInsurancePolicy({ memberId: 'X1' }));
    state = patientdetailsReducer(state, setIsExistingPatient(true));
    state = patientdetailsReducer(state, setSessionId('session-1'));

    const cleared = patientdetailsReducer(state, clearPatientFlow());

    expect(cleared.patients).toEqual([]);
    expect(cleared.patientdetail).toBeNull();
    expect(cleared.selectedProvider).toBeNull();
    expect(cleared.selectedTime).toBeNull();
    expect(cleared.insurancePolicy).toBeNull();
    expect(cleared.isExistingPatient).toBe(false);
    // what is not the patient's stays
    expect(cleared.sessionId).toBe('session-1');
    expect(cleared.contentValue).toBe(64);
  });
});

describe('slice actions', () => {
  it('keeps the stepper within the six booking steps', () => {
    expect(stepperReducer(undefined, setStepper(9)).stepper).toBe(5);
    expect(stepperReducer(undefined, setStepper(-2)).stepper).toBe(0);
    expect(stepperReducer(undefined, setStepper(Number.NaN)).stepper).toBe(0);
  });

  it('keeps the distance range within 0–30, lower bound first', () => {
    expect(servicetypeReducer(undefined, setDistance([40, 5])).distance).toEqual([5, 30]);
    expect(servicetypeReducer(undefined, setDistance([-3, 12])).distance).toEqual([0, 12]);
  });

  it('sets locationId together with the location', () => {
    const state = servicetypeReducer(undefined, setLocation({ LocationId: 'loc-9', name: 'Downtown' }));
    expect(state.locationId).toBe('loc-9');
    expect(servicetypeReducer(state, setLocation(null)).locationId).toBeNull();
  });

  it('toggles one gender of the filter', () => {
    const state = servicetypeReducer(undefined, toggleGender('F'));
    expect(state.genderFilter.map((option) => option.checked)).toEqual([true, false]);
  });

  it('toggles the admin drawer and never stores a negative nav bar height', () => {
    expect(adminReducer(undefined, toggleDrawer()).openDrawer).toBe(true);
    expect(adminReducer(undefined, setNavBarHeight(-5)).findValues.navBarHeight).toBe(0);
  });

  it('trims the remembered admin e-mail', () => {
    expect(adminLoginReducer(undefined, setRemindEmail('  staff@clinic.example ')).remindEmail).toBe(
      'staff@clinic.example',
    );
  });
});
