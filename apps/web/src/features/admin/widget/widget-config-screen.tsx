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
  const { clientId, ruleId } = useAdminParams();
  const setup = useQuery({
    queryKey: widgetKeys.setup(clientId, ruleId),
    queryFn: ({ signal }) => fetchWidgetSetup(clientId, ruleId, signal),
  });
  const canWrite = useAdminSelector((state) => state.admin.permissions.includes('config:write'));

  return (
    <AdminPage
      title="Widget"
      description="Put online booking on your practice's own website: paste one tag, and patients book without leaving your site."
      maxWidth={1100}
    >
      {setup.isPending ? <LoadingBlock label="Loading the widget settings…" /> : null}
      {setup.isError ? (
        <ErrorBlock error={setup.error} what="the widget settings" onRetry={() => void setup.refetch()} />
      ) : null}
      {setup.data ? <WidgetSettings setup={setup.data} canWrite={canWrite} /> : null}
    </AdminPage>
  );
}

function WidgetSettings({ setup, canWrite }: { setup: WidgetSetup; canWrite: boolean }) {
  const [location, setLocation] = useState('all');
  const [theme, setTheme] = useState<SnippetTheme>('default');
  const [draftColor, setDraftColor] = useState(setup.widgetColor);
  const [previewVersion, setPreviewVersion] = useState(0);
  const reloadPreview = useCallback(() => setPreviewVersion((version) => version + 1), []);
  const onPreviewBooked = useCallback(() => {
    void notify('An appointment was booked in the preview. It is a real appointment.', 'info');
  }, []);

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
        title="Code for your website"
        description="Paste this tag where the booking widget should appear on your page. It loads the booking flow in a frame that grows and shrinks with its content."
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
          <TextField
            select
            label="Location"
            value={location}
            onChange={(event) => setLocation(event.target.value)}
            sx={{ minWidth: 260 }}
          >
            <MenuItem value="all">All locations (patients choose)</MenuItem>
            {setup.locations.map((item) => (
              <MenuItem key={item.locationId} value={item.slug}>
                {item.name}
                {item.onlineEnabled ? '' : ' (online booking off)'}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Light or dark"
            value={theme}
            onChange={(event) => setTheme(event.target.value as SnippetTheme)}
            sx={{ minWidth: 260 }}
          >
            <MenuItem value="default">Light (default)</MenuItem>
            <MenuItem value="auto">Follow the visitor&apos;s device</MenuItem>
            <MenuItem value="light">Always light</MenuItem>
            <MenuItem value="dark">Always dark</MenuItem>
          </TextField>
        </Stack>
        <SnippetBox snippet={snippet} />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          Optional attributes: <code>data-container=&quot;#booking&quot;</code> puts the widget inside an
          element of your page; <code>data-color=&quot;#RRGGBB&quot;</code> overrides the colour below;{' '}
          <code>data-phone=&quot;(212) 555-0100&quot;</code> is the number shown, with a link that opens the
          booking page in a new tab, if a site not allowed below tries to show the widget. When a patient
          books, your page receives a <code>scheduler:booked</code> event (
          <code>document.addEventListener(&apos;scheduler:booked&apos;, …)</code>) for your conversion tag.
          Campaign parameters of your page&apos;s address (utm_…, rwg_token) are passed on.
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
        title="Preview"
        description="The widget as your visitors will see it. Appointments booked here are real appointments."
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
          Restart the preview
        </Button>
      </Section>
    </>
  );
}

function SnippetBox({ snippet }: { snippet: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      setCopied(true);
      void notify('Code copied', 'success');
    } catch {
      void notify('Select the code and copy it with your keyboard.', 'info');
    }
  };
  return (
    <Box>
      <Typography variant="subtitle2" component="p" sx={{ mb: 0.5 }}>
        Widget code
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
        {copied ? 'Copied' : 'Copy code'}
      </Button>
    </Box>
  );
}
