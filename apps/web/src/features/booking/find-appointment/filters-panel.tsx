import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Slider from '@mui/material/Slider';
import TextField from '@mui/material/TextField';
import type { Location } from '@scheduler/contract/scheduler-api';
import { useEffect, useState } from 'react';
import { useBookingDispatch, useBookingSelector } from '../state/hooks';
import {
  DISTANCE_MAX,
  DISTANCE_MIN,
  setDistance,
  setGenderFilter,
  setInsurance,
  setLocationId,
  setPostalCode,
  toggleGender,
} from '../state/servicetype-slice';
import type { InsuranceCarrier } from '../api/insurance';
import { isValidPostalCode } from '../api/get-providers';
import { ANY_LOCATION, readInsuranceFilter } from '../lib/flow-state';

export interface FiltersPanelProps {
  id: string;
  /** Locations offering the service online. */
  locations: Location[];
  carriers: InsuranceCarrier[];
  onChanged: (label: string) => void;
}

/**
 * Find-appointment filters: where to search, provider gender, distance from a ZIP code (0–30
 * miles) and insurance. Everything lives in the servicetype slice, so it survives a reload.
 */
export function FiltersPanel({ id, locations, carriers, onChanged }: FiltersPanelProps) {
  const { t } = useLingui();
  const dispatch = useBookingDispatch();
  const searchLocationId = useBookingSelector((state) => state.servicetype.locationId);
  const genderFilter = useBookingSelector((state) => state.servicetype.genderFilter);
  const storedPostalCode = useBookingSelector((state) => state.servicetype.postalCode);
  const insurance = readInsuranceFilter(useBookingSelector((state) => state.servicetype.insurance));
  const chosenLocation = useBookingSelector((state) => state.servicetype.location);

  const [postalCode, setPostalCodeText] = useState(storedPostalCode);

  const plans = carriers
    .flatMap((carrier) =>
      carrier.plans.map((plan) => ({ ...plan, carrierId: carrier.carrierId, carrierName: carrier.name })),
    )
    .sort((a, b) => (a.topRank ?? 999) - (b.topRank ?? 999) || a.name.localeCompare(b.name));

  return (
    <Box id={id} component="section" aria-labelledby={`${id}-title`} sx={{ display: 'grid', gap: 2.5 }}>
      <Box component="h2" id={`${id}-title`} sx={{ m: 0, fontSize: '1.15rem' }}>
        <Trans>Filters</Trans>
      </Box>

      <TextField
        select
        id="filter-location"
        label={t`Location`}
        value={String(searchLocationId ?? ANY_LOCATION)}
        onChange={(event) => {
          dispatch(setLocationId(event.target.value));
          onChanged('location');
        }}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        fullWidth
      >
        <option value={ANY_LOCATION}>{t`All locations`}</option>
        {locations.map((location) => (
          <option key={location.id} value={location.id}>
            {location.name}
          </option>
        ))}
      </TextField>

      <GenderFilter onChanged={onChanged} />

      <DistanceFilter postalCode={postalCode} onPostalCode={setPostalCodeText} onChanged={onChanged} />

      <TextField
        select
        id="filter-insurance"
        label={t`Insurance`}
        value={insurance?.planId ?? ''}
        onChange={(event) => {
          const plan = plans.find((candidate) => candidate.planId === event.target.value);
          dispatch(
            setInsurance(plan ? { planId: plan.planId, carrierId: plan.carrierId, name: plan.name } : null),
          );
          onChanged('insurance');
        }}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        helperText={t`Only providers who accept your plan`}
        fullWidth
      >
        <option value="">{t`Any insurance`}</option>
        {plans.map((plan) => (
          <option key={plan.planId} value={plan.planId}>
            {plan.name}
          </option>
        ))}
      </TextField>

      <Button
        variant="outlined"
        onClick={() => {
          dispatch(setLocationId(chosenLocation?.LocationId ?? ANY_LOCATION));
          dispatch(setGenderFilter(genderFilter.map((option) => ({ ...option, checked: true }))));
          dispatch(setPostalCode(''));
          setPostalCodeText('');
          dispatch(setDistance([DISTANCE_MIN, DISTANCE_MAX]));
          dispatch(setInsurance(null));
          onChanged('clear_filters');
        }}
      >
        <Trans>Clear filters</Trans>
      </Button>
    </Box>
  );
}

/** Provider gender: one checkbox per option (at least one must stay checked for a search). */
function GenderFilter({ onChanged }: { onChanged: (label: string) => void }) {
  const { t } = useLingui();
  const dispatch = useBookingDispatch();
  // The options' labels are kept in the booking state in English: shown by their value.
  const labelOf = (option: { value: string; label: string }): string =>
    option.value === 'M' ? t`Male` : option.value === 'F' ? t`Female` : option.label;
  const genderFilter = useBookingSelector((state) => state.servicetype.genderFilter);
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0 }}>
      <FormLabel component="legend" sx={{ color: 'text.primary', fontWeight: 600 }}>
        <Trans>Provider gender</Trans>
      </FormLabel>
      <FormGroup row>
        {genderFilter.map((option) => (
          <FormControlLabel
            key={option.value}
            label={labelOf(option)}
            control={
              <Checkbox
                checked={option.checked}
                onChange={() => {
                  dispatch(toggleGender(option.value));
                  onChanged(`gender_${option.value}`);
                }}
              />
            }
          />
        ))}
      </FormGroup>
    </Box>
  );
}

interface DistanceFilterProps {
  postalCode: string;
  onPostalCode: (text: string) => void;
  onChanged: (label: string) => void;
}

/** The patient's ZIP code and the distance from it (0–30 miles); the search follows a complete code. */
function DistanceFilter({ postalCode, onPostalCode, onChanged }: DistanceFilterProps) {
  const { t } = useLingui();
  const dispatch = useBookingDispatch();
  const storedPostalCode = useBookingSelector((state) => state.servicetype.postalCode);
  const distance = useBookingSelector((state) => state.servicetype.distance);
  const [maxDistance, setMaxDistance] = useState(distance[1]);
  useEffect(() => setMaxDistance(distance[1]), [distance]);

  const postalInvalid = postalCode.trim() !== '' && !isValidPostalCode(postalCode);
  // The search follows the ZIP code once it is complete (or cleared).
  useEffect(() => {
    const trimmed = postalCode.trim();
    if (trimmed === storedPostalCode) return;
    if (trimmed !== '' && !isValidPostalCode(trimmed)) return;
    const timer = setTimeout(() => {
      dispatch(setPostalCode(trimmed));
      onChanged('postal_code');
    }, 300);
    return () => clearTimeout(timer);
  }, [postalCode, storedPostalCode, dispatch, onChanged]);

  return (
    <Box>
      <TextField
        id="filter-postal-code"
        label={t`Your ZIP code`}
        value={postalCode}
        onChange={(event) => onPostalCode(event.target.value.replace(/[^\d]/g, '').slice(0, 5))}
        error={postalInvalid}
        helperText={postalInvalid ? t`Enter a 5-digit ZIP code` : t`To show distances and nearby providers`}
        slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'postal-code', maxLength: 5 } }}
        fullWidth
      />
      <Box sx={{ mt: 2, px: 1 }}>
        <Box component="span" id="filter-distance-label" sx={{ display: 'block', fontWeight: 600, mb: 0.5 }}>
          <Trans>Within {maxDistance} miles</Trans>
        </Box>
        <Slider
          value={maxDistance}
          min={DISTANCE_MIN}
          max={DISTANCE_MAX}
          step={1}
          marks={[
            { value: DISTANCE_MIN, label: t`${DISTANCE_MIN} mi` },
            { value: DISTANCE_MAX, label: t`${DISTANCE_MAX} mi` },
          ]}
          disabled={!isValidPostalCode(storedPostalCode)}
          valueLabelDisplay="auto"
          getAriaValueText={(value) => t`${value} miles`}
          slotProps={{ input: { 'aria-labelledby': 'filter-distance-label' } }}
          onChange={(_event: Event, value: number | number[]) =>
            setMaxDistance(Array.isArray(value) ? (value[0] ?? DISTANCE_MAX) : value)
          }
          onChangeCommitted={(_event: Event | React.SyntheticEvent, value: number | number[]) => {
            const next = Array.isArray(value) ? (value[0] ?? DISTANCE_MAX) : value;
            dispatch(setDistance([DISTANCE_MIN, next]));
            onChanged('distance');
          }}
        />
      </Box>
    </Box>
  );
}
