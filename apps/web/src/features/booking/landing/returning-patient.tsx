/**
 * The landing's greeting for a patient this browser remembers ("Remember me on this device" at the
 * identity step, issue 16). Helper B renders `<ReturningPatient />` at the top of the landing.
 *
 * This part only asks the storage whether the practice's slot holds a value (one read, no zod) and
 * loads the greeting (returning-patient-card.tsx: the schema check of the remembered value, "Welcome
 * back, …", "Book again: …", "Not you? Forget me") only then: a phone that remembers nobody loads
 * neither on the landing (issue 16: ≤ 130 KB of JavaScript before the landing is interactive).
 * Inside a framed widget nothing shows unless the practice allows it (landingPage 3).
 */
import { lazy, Suspense, useEffect } from 'react';
import { startFullContractWorkerWhenIdle } from '../../../lib/contract-check';
import { hasStoredRememberedPatient } from '../lib/remembered-storage';
import { useRemembered } from './use-remembered';

/**
 * What find-appointment receives in the router's history state after "Book again": the provider
 * seen last time, for the step to show first (helper C; ignored where not read).
 */
export interface BookAgainState {
  bookAgain: { providerId: string | null };
}

const ReturningPatientCard = lazy(() =>
  import('./returning-patient-card').then((module) => ({ default: module.ReturningPatientCard })),
);

export function ReturningPatient() {
  // Mounted with the landing's choices (the landing renders it once its answers are in): the
  // contract worker of the next steps may start now, when the browser is idle (issue 16).
  useEffect(() => startFullContractWorkerWhenIdle(), []);
  const stored = useRemembered(hasStoredRememberedPatient, false);
  if (!stored) return null;
  return (
    <Suspense fallback={null}>
      <ReturningPatientCard />
    </Suspense>
  );
}
