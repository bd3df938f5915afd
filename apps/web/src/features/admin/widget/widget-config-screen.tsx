import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type WidgetSetup } from '@scheduler/contract/widget';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useAdminSelector } from '../state/hooks';
import { notify } from '../../../lib/notify';
import { AdminPage } from '../shared/components/admin-page';
import { ErrorBlock, LoadingBlock } from '../shared/components/query-state';
import { useAdminParams } from '../shared/use-admin-params';
import { widgetSnippet } from './snippet';
import { fetchWidgetSetup, widgetKeys } from './widget-api';
import { WidgetPreview } from './widget-preview';
import { ColorSection, HEX } from './color-section';
import { FrameAncestorsSection } from './frame-ancestors-section';
import { Section } from './widget-section';

type SnippetTheme = 'default' | 'auto' | 'light' | 'dark';

/**
 * widget: how a practice puts the booking flow on its own site — the tag to paste for each
 * location, a live preview, the widget colour (appointment setting 20) and the sites allowed to
 * show it (CSP frame-ancestors).
 */
export function WidgetConfigScreen() {
  const { t } = useLingui();
  const { clientId, ruleId } = useAdminParams();
  const setup = useQuery({
    queryKey: widgetKeys.setup(clientId, ruleId),
    queryFn: ({ signal }) => fetchWidgetSetup(clientId, ruleId, signal),
  });
  const canWrite = useAdminSelector((state) => state.admin.permissions.includes('config:write'));

  return (
    <AdminPage
      title={t`Widget`}
      description={t`Put online booking on your practice's own website: paste one tag, and patients book without leaving your site.`}
      maxWidth={1100}
    >
      {setup.isPending ? <LoadingBlock label={t`Loading the widget settings…`} /> : null}
      {setup.isError ? (
        <ErrorBlock error={setup.error} what={t`the widget settings`} onRetry={() => void setup.refetch()} />
      ) : null}
      {setup.data ? <WidgetSettings setup={setup.data} canWrite={canWrite} /> : null}
    </AdminPage>
  );
}

function WidgetSettings({ setup, canWrite }: { setup: WidgetSetup; canWrite: boolean }) {
  const { t } = useLingui();
  const [location, setLocation] = useState('all');
  const [theme, setTheme] = useState<SnippetTheme>('default');
  const [draftColor, setDraftColor] = useState(setup.widgetColor);
  const [previewVersion, setPreviewVersion] = useState(0);
  const reloadPreview = useCallback(() => setPreviewVersion((version) => version + 1), []);
  const onPreviewBooked = useCallback(() => {
    void notify(t`An appointment was booked in the preview. It is a real appointment.`, 'info');
  }, [t]);

  useEffect(() => setDraftColor(setup.widgetColor), [setup.widgetColor]);

  const snippet = widgetSnippet({
    productOrigin: window.location.origin,
    clientSlug: setup.clientSlug,
    schedulerSlug: setup.schedulerSlug,
    location,
    theme: theme === 'default' ? null : theme,
  });
  const previewTheme = theme === 'light' || theme === 'dark' ? theme : null;
  const tryColor =
    HEX.test(draftColor) && draftColor.toUpperCase() !== setup.widgetColor ? draftColor.toUpperCase() : null;

  return (
    <>
      <Section
        title={t`Code for your website`}
        description={t`Paste this tag where the booking widget should appear on your page. It loads the booking flow in a frame that grows and shrinks with its content.`}
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
          <TextField
            select
            label={t`Location`}
            value={location}
            onChange={(event) => setLocation(event.target.value)}
            sx={{ minWidth: 260 }}
          >
            <MenuItem value="all">
              <Trans>All locations (patients choose)</Trans>
            </MenuItem>
            {setup.locations.map((item) => (
              <MenuItem key={item.locationId} value={item.slug}>
                {item.onlineEnabled ? item.name : <Trans>{item.name} (online booking off)</Trans>}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t`Light or dark`}
            value={theme}
            onChange={(event) => setTheme(event.target.value as SnippetTheme)}
            sx={{ minWidth: 260 }}
          >
            <MenuItem value="default">
              <Trans>Light (default)</Trans>
            </MenuItem>
            <MenuItem value="auto">
              <Trans>Follow the visitor&apos;s device</Trans>
            </MenuItem>
            <MenuItem value="light">
              <Trans>Always light</Trans>
            </MenuItem>
            <MenuItem value="dark">
              <Trans>Always dark</Trans>
            </MenuItem>
          </TextField>
        </Stack>
        <SnippetBox snippet={snippet} />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          <Trans>
            Optional attributes: <code>data-container=&quot;#booking&quot;</code> puts the widget inside an
            element of your page; <code>data-color=&quot;#RRGGBB&quot;</code> overrides the colour below;{' '}
            <code>data-phone=&quot;(212) 555-0100&quot;</code> is the number shown, with a link that opens the
            booking page in a new tab, if a site not allowed below tries to show the widget. When a patient
            books, your page receives a <code>scheduler:booked</code> event (
            <code>document.addEventListener(&apos;scheduler:booked&apos;, …)</code>) for your conversion tag.
            Campaign parameters of your page&apos;s address (utm_…, rwg_token) are passed on.
          </Trans>
        </Typography>
      </Section>

      <ColorSection
        setup={setup}
        canWrite={canWrite}
        draftColor={draftColor}
        onDraftColor={setDraftColor}
        onSaved={reloadPreview}
      />

      <FrameAncestorsSection setup={setup} canWrite={canWrite} />

      <Section
        title={t`Preview`}
        description={t`The widget as your visitors will see it. Appointments booked here are real appointments.`}
      >
        <WidgetPreview
          clientSlug={setup.clientSlug}
          schedulerSlug={setup.schedulerSlug}
          location={location}
          color={tryColor}
          theme={previewTheme}
          version={previewVersion}
          onBooked={onPreviewBooked}
        />
        <Button sx={{ mt: 1 }} onClick={reloadPreview}>
          <Trans>Restart the preview</Trans>
        </Button>
      </Section>
    </>
  );
}

function SnippetBox({ snippet }: { snippet: string }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      setCopied(true);
      void notify(t`Code copied`, 'success');
    } catch {
      void notify(t`Select the code and copy it with your keyboard.`, 'info');
    }
  };
  return (
    <Box>
      <Typography variant="subtitle2" component="p" sx={{ mb: 0.5 }}>
        <Trans>Widget code</Trans>
      </Typography>
      <Box
        component="pre"
        data-testid="widget-snippet"
        sx={{
          m: 0,
          p: 2,
          borderRadius: 1,
          bgcolor: 'action.hover',
          fontFamily: 'monospace',
          fontSize: '0.875rem',
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-all',
        }}
      >
        {snippet}
      </Box>
      <Button variant="contained" sx={{ mt: 1 }} onClick={() => void copy()}>
        {copied ? t`Copied` : t`Copy code`}
      </Button>
    </Box>
  );
}
