import Tooltip from '@mui/material/Tooltip';
import { channelName } from '../channel-names';

/**
 * A channel by its human name, with the stored value in a tooltip (hover or keyboard focus; the
 * name stays the accessible text, the raw value its description).
 */
export function ChannelName({ channel }: { channel: string | null }) {
  if (channel === null) return <>—</>;
  const name = channelName(channel);
  if (name === channel) return <>{name}</>;
  return (
    <Tooltip title={channel} describeChild>
      <span tabIndex={0} style={{ textDecoration: 'underline dotted' }}>
        {name}
      </span>
    </Tooltip>
  );
}
