import { useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import { EMBED_PARAMS, clampFrameHeight, readWidgetMessage } from '@scheduler/embed/protocol';
import { useEffect, useRef, useState } from 'react';

const PREVIEW_ID = 'admin-preview';
const INITIAL_HEIGHT = 640;

export interface WidgetPreviewProps {
  clientSlug: string;
  schedulerSlug: string;
  location: string;
  /** A colour to try before saving it; null shows the saved one. */
  color: string | null;
  theme: 'light' | 'dark' | null;
  /** Changing it reloads the preview (after a save). */
  version: number;
  onBooked?: () => void;
}

/** The widget URL as the loader would open it, with this page as the host. */
export function previewUrl(
  props: Pick<WidgetPreviewProps, 'clientSlug' | 'schedulerSlug' | 'location' | 'color' | 'theme'>,
  origin: string,
): string {
  const url = new URL(`/${props.clientSlug}/${props.schedulerSlug}/${props.location}/widget`, origin);
  url.searchParams.set(EMBED_PARAMS.id, PREVIEW_ID);
  url.searchParams.set(EMBED_PARAMS.origin, origin);
  if (props.color) url.searchParams.set(EMBED_PARAMS.color, props.color);
  if (props.theme) url.searchParams.set(EMBED_PARAMS.theme, props.theme);
  return `${url.pathname}${url.search}`;
}

/**
 * The live widget in a frame, sized by its own messages (the same protocol as the loader, checked
 * the same way: this origin, this frame, this id).
 */
export function WidgetPreview(props: WidgetPreviewProps) {
  const { t } = useLingui();
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(INITIAL_HEIGHT);
  const { onBooked } = props;
  const src = previewUrl(props, window.location.origin);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frameRef.current?.contentWindow) return;
      const message = readWidgetMessage(event.data);
      if (message?.id !== PREVIEW_ID) return;
      if (message.type === 'resize') setHeight(clampFrameHeight(message.height));
      else if (message.type === 'booked') onBooked?.();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [onBooked]);

  return (
    <Box
      component="iframe"
      key={`${src}#${props.version}`}
      ref={frameRef}
      src={src}
      title={t`Widget preview`}
      sx={{
        display: 'block',
        width: '100%',
        height,
        border: '1px solid',
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
      }}
    />
  );
}
