import { Trans, useLingui } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { Location } from '@scheduler/contract/scheduler-api';
import { formatAddress } from '../lib/address';
import { formatDayLabel } from '../lib/slot-format';
import { slotTimeLabel } from './slot-label';
import type { SlotChoice } from './slot-parts';

export interface LocationSwitchDialogProps {
  open: boolean;
  choice: SlotChoice | null;
  chosenLocationName: string;
  slotLocation: Location | null;
  onKeepLooking: () => void;
  onSwitch: () => void;
}

/** Asks before booking a time at another location than the one the patient chose. */
export function LocationSwitchDialog({
  open,
  choice,
  chosenLocationName,
  slotLocation,
  onKeepLooking,
  onSwitch,
}: LocationSwitchDialogProps) {
  const { t } = useLingui();
  const where = slotLocation?.name ?? t`another location`;
  const address = slotLocation ? ` (${formatAddress(slotLocation)})` : '';
  return (
    <Dialog
      open={open && choice !== null}
      onClose={onKeepLooking}
      aria-labelledby="location-switch-title"
      aria-describedby="location-switch-text"
    >
      <DialogTitle id="location-switch-title" component="h2">
        <Trans>Book at {where}?</Trans>
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="location-switch-text" sx={{ color: 'text.primary' }}>
          {choice ? (
            <SwitchQuestion
              day={formatDayLabel(choice.slot.dateLocal)}
              time={slotTimeLabel(choice.slot, slotLocation?.timeZone ?? null).full}
              where={where}
              address={address}
              chosenLocationName={chosenLocationName}
            />
          ) : null}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onKeepLooking} color="inherit">
          <Trans>Keep looking</Trans>
        </Button>
        <Button onClick={onSwitch} variant="contained">
          <Trans>Switch to {where}</Trans>
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The question itself: the time picked, where it is (with the address), and the location chosen. */
function SwitchQuestion({
  day,
  time,
  where,
  address,
  chosenLocationName,
}: {
  day: string;
  time: string;
  where: string;
  /** ' (100 Main St, Springfield, IL 62701)', or '' when the address is unknown. */
  address: string;
  chosenLocationName: string;
}) {
  return (
    <Trans>
      The time you picked, {day} at {time}, is at {where}
      {address}, not at {chosenLocationName}, the location you chose. Do you want to switch to {where}?
    </Trans>
  );
}
