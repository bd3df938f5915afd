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
  const where = slotLocation?.name ?? 'another location';
  return (
    <Dialog
      open={open && choice !== null}
      onClose={onKeepLooking}
      aria-labelledby="location-switch-title"
      aria-describedby="location-switch-text"
    >
      <DialogTitle id="location-switch-title" component="h2">
        Book at {where}?
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="location-switch-text" sx={{ color: 'text.primary' }}>
          {choice
            ? `The time you picked, ${formatDayLabel(choice.slot.dateLocal)} at ${slotTimeLabel(choice.slot, slotLocation?.timeZone ?? null).full}, is at ${where}`
            : ''}
          {slotLocation ? ` (${formatAddress(slotLocation)})` : ''}, not at {chosenLocationName}, the location
          you chose. Do you want to switch to {where}?
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onKeepLooking} color="inherit">
          Keep looking
        </Button>
        <Button onClick={onSwitch} variant="contained">
          Switch to {where}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
