import { useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import { useEffect, useState } from 'react';
import { LoadingBlock } from '../shared/components/query-state';

/**
 * The otpauth:// URI as a QR code for an authenticator app, drawn as SVG by `qrcode`, which is
 * loaded only here (its own chunk, fetched when someone sets up two-factor sign-in).
 */
export function OtpauthQrCode({ uri }: { uri: string }) {
  const { t } = useLingui();
  const [svg, setSvg] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((qrcode) => qrcode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }))
      .then((drawn) => {
        if (live) setSvg(drawn);
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [uri]);
  if (failed) return null; // the secret is shown as text beside it
  if (svg === null) return <LoadingBlock label={t`Drawing the QR code…`} />;
  return (
    <Box
      component="img"
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={t`QR code to scan with your authenticator app`}
      sx={{ width: 200, height: 200, bgcolor: '#fff', border: 1, borderColor: 'divider' }}
    />
  );
}
