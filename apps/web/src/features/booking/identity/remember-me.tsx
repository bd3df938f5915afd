import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { Trans, useLingui } from '@lingui/react/macro';
import type { BookAppointmentResponse } from '@scheduler/contract/scheduler-api';
import { useEffect, useState } from 'react';
import { useEmbed } from '../../../lib/embed-context';
import type { ChosenProvider, ChosenService, IdentityDraft, InsurancePolicy } from '../lib/flow-state';
import {
  REMEMBER_DAYS,
  forgetRememberedPatient,
  readRememberedPatient,
  rememberMeOffered,
  rememberPatient,
} from '../lib/remembered-patient';

export interface RememberMeChoice {
  /** False inside a framed widget whose practice does not allow it (landingPage 3). */
  offered: boolean;
  checked: boolean;
  setChecked: (checked: boolean) => void;
  /** After the booking: `keepOrForget` for this practice and the box as it is. */
  keepOrForget: (facts: RememberFacts) => Promise<void>;
}

export interface RememberFacts {
  identity: IdentityDraft;
  insurance: InsurancePolicy | null;
  service: ChosenService;
  provider: ChosenProvider | null;
  booking: Pick<BookAppointmentResponse, 'location' | 'provider'>;
}

/**
 * The identity step's "Remember me on this device": off by default; ticked when this browser
 * already remembers the patient for this practice (their earlier choice), so that unticking it
 * forgets them at the booking.
 */
export function useRememberMe(clientName: string, rememberMeInWidget: boolean): RememberMeChoice {
  const offered = rememberMeOffered(useEmbed() !== null, rememberMeInWidget);
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    if (!offered) return;
    let live = true;
    void readRememberedPatient(clientName).then((remembered) => {
      if (live && remembered !== null) setChecked(true);
    });
    return () => {
      live = false;
    };
  }, [clientName, offered]);
  return {
    offered,
    checked,
    setChecked,
    keepOrForget: (facts) => keepOrForget(clientName, { offered, checked }, facts),
  };
}

/** The checkbox (nothing when not offered). */
export function RememberMeCheckbox({ choice }: { choice: RememberMeChoice }) {
  const { t } = useLingui();
  if (!choice.offered) return null;
  const days = REMEMBER_DAYS;
  return (
    <Box sx={{ mt: 1, mb: 1 }}>
      <FormControlLabel
        sx={{ alignItems: 'flex-start', m: 0 }}
        control={
          <Checkbox
            id="field-rememberMe"
            name="rememberMe"
            checked={choice.checked}
            onChange={(event) => choice.setChecked(event.target.checked)}
            sx={{ mt: -0.75 }}
            slotProps={{
              input: {
                'aria-describedby': 'field-rememberMe-help',
              } as React.InputHTMLAttributes<HTMLInputElement>,
            }}
          />
        }
        label={t`Remember me on this device`}
      />
      <Box
        component="p"
        id="field-rememberMe-help"
        sx={{ m: 0, ml: 4, fontSize: '0.875rem', color: 'text.secondary' }}
      >
        <Trans>
          Kept only in this browser, encrypted, for {days} days, so that next time you can book again in a few
          taps. Do not tick this on a shared computer.
        </Trans>
      </Box>
    </Box>
  );
}

/**
 * After the booking: remembers the patient (identity as checked by the form, the insurance, and
 * what was booked, for "Book again"), or forgets them when the box was left unticked. Never
 * throws: remembering is a convenience, the booking is made.
 */
export async function keepOrForget(
  clientName: string,
  choice: Pick<RememberMeChoice, 'offered' | 'checked'>,
  facts: RememberFacts,
): Promise<void> {
  if (!choice.offered) return;
  try {
    if (!choice.checked) {
      await forgetRememberedPatient(clientName);
      return;
    }
    const { identity, insurance, service, provider, booking } = facts;
    await rememberPatient(clientName, {
      identity: {
        firstName: identity.firstName,
        lastName: identity.lastName,
        dateOfBirth: identity.dateOfBirth,
        phone: identity.phone,
        email: identity.email,
        smsPermission: identity.smsPermission,
        emailPermission: identity.emailPermission,
      },
      insurance,
      lastBooking: {
        service,
        location: {
          LocationId: booking.location.id,
          name: booking.location.name,
          slug: booking.location.slug,
          phone: booking.location.phone || null,
        },
        provider: {
          providerId: booking.provider.providerId,
          name: booking.provider.name,
          credentials: booking.provider.credentials,
          photoUrl: provider?.providerId === booking.provider.providerId ? provider.photoUrl : null,
        },
      },
    });
  } catch {
    // Storage refused (private mode, quota): the patient is simply not remembered.
  }
}
