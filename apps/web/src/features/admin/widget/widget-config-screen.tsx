import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MAX_FRAME_ANCESTORS, normalizeFrameAncestor, type WidgetSetup } from '@scheduler/contract/widget';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useAdminSelector } from '../state/hooks';
import { notify } from '../../../lib/notify';
import { configKeys } from '../shared/api/config-keys';
import { fetchAssignConfig } from '../shared/api/settings-api';
import { AdminPage } from '../shared/components/admin-page';
import { ErrorBlock, LoadingBlock } from '../shared/components/query-state';
import { SaveErrorAlert, notifySaved } from '../shared/components/save-feedback';
import { useAdminParams } from '../shared/use-admin-params';
import { widgetSnippet } from './snippet';
import { fetchWidgetSetup, saveFrameAncestors, saveWidgetColor, widgetKeys } from './widget-api';
import { WidgetPreview } from './widget-preview';

type SnippetTheme = 'default' | 'auto' | 'light' | 'dark';
const HEX = /^#[0-9a-fA-F]{6}$/;

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

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}
    >
      <Typography id={headingId} variant="h6" component="h2">
        {title}
      </Typography>
      {description ? (
        <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
          {description}
        </Typography>
      ) : null}
      {children}
    </Paper>
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
          element of your page; <code>data-color=&quot;#RRGGBB&quot;</code> overrides the colour below. When a
          patient books, your page receives a <code>scheduler:booked</code> event (
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

interface ColorSectionProps {
  setup: WidgetSetup;
  canWrite: boolean;
  draftColor: string;
  onDraftColor: (color: string) => void;
  onSaved: () => void;
}

function ColorSection({ setup, canWrite, draftColor, onDraftColor, onSaved }: ColorSectionProps) {
  const { clientId, ruleId } = useAdminParams();
  const queryClient = useQueryClient();
  // The settings' version as this screen read it: a stale save answers 409 instead of overwriting.
  const settings = useQuery({
    queryKey: configKeys.settings(clientId, ruleId),
    queryFn: ({ signal }) => fetchAssignConfig(clientId, ruleId, signal),
  });
  const version = settings.data?.version;
  const save = useMutation({
    mutationFn: (color: string) => {
      if (version === undefined) throw new Error('The settings are still loading. Try again in a moment.');
      return saveWidgetColor(clientId, ruleId, version, color);
    },
    onSuccess: async (_saved, color) => {
      onDraftColor(color);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: widgetKeys.setup(clientId, ruleId) }),
        queryClient.invalidateQueries({ queryKey: configKeys.settings(clientId, ruleId) }),
      ]);
      onSaved();
      notifySaved('Widget colour saved');
    },
  });
  const valid = HEX.test(draftColor);
  const changed = valid && draftColor.toUpperCase() !== setup.widgetColor;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (changed) save.mutate(draftColor.toUpperCase());
  };

  return (
    <Section
      title="Colour"
      description={`The colour of the widget's buttons and links (default ${setup.defaultWidgetColor}). Text on it is kept readable.`}
    >
      <Box component="form" onSubmit={submit} noValidate>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            type="color"
            label="Pick"
            value={valid ? draftColor : setup.widgetColor}
            onChange={(event) => onDraftColor(event.target.value.toUpperCase())}
            disabled={!canWrite}
            sx={{ width: 96 }}
          />
          <TextField
            label="Colour (#RRGGBB)"
            value={draftColor}
            onChange={(event) => onDraftColor(event.target.value.trim())}
            error={!valid}
            helperText={
              valid ? (setup.widgetColorIsDefault ? 'The default colour' : ' ') : 'Enter a colour as #RRGGBB'
            }
            disabled={!canWrite}
          />
          <Stack direction="row" spacing={1} sx={{ pt: 1 }}>
            <Button
              type="submit"
              variant="contained"
              disabled={!canWrite || !changed || save.isPending || version === undefined}
            >
              Save colour
            </Button>
            <Button
              disabled={
                !canWrite ||
                setup.widgetColor === setup.defaultWidgetColor ||
                save.isPending ||
                version === undefined
              }
              onClick={() => save.mutate(setup.defaultWidgetColor)}
            >
              Use the default
            </Button>
          </Stack>
        </Stack>
        <SaveErrorAlert error={save.error} />
      </Box>
    </Section>
  );
}

function isLocalSource(source: string): boolean {
  return /^http:\/\/(localhost|127\.0\.0\.1)(:|$)/.test(source);
}

function FrameAncestorsSection({ setup, canWrite }: { setup: WidgetSetup; canWrite: boolean }) {
  const { clientId, ruleId } = useAdminParams();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<string[]>(setup.frameAncestors);
  const [entry, setEntry] = useState('');
  const [entryError, setEntryError] = useState<string | null>(null);
  const savedKey = setup.frameAncestors.join(' ');

  useEffect(() => setDraft(savedKey === '' ? [] : savedKey.split(' ')), [savedKey]);

  const save = useMutation({
    mutationFn: (list: string[]) => saveFrameAncestors(clientId, list, setup.frameAncestorsVersion),
    onSuccess: async (saved) => {
      setDraft(saved.frameAncestors);
      await queryClient.invalidateQueries({ queryKey: widgetKeys.setup(clientId, ruleId) });
      notifySaved('Allowed websites saved');
    },
  });
  const changed = draft.join(' ') !== savedKey;

  const add = (event: FormEvent) => {
    event.preventDefault();
    const source = normalizeFrameAncestor(entry);
    if (source === undefined) {
      setEntryError('Enter a website address such as https://www.example.com (no path).');
      return;
    }
    if (draft.includes(source)) {
      setEntryError('This website is already in the list.');
      return;
    }
    if (draft.length >= MAX_FRAME_ANCESTORS) {
      setEntryError(`The list holds at most ${MAX_FRAME_ANCESTORS} websites.`);
      return;
    }
    setDraft([...draft, source]);
    setEntry('');
    setEntryError(null);
  };

  return (
    <Section
      title="Websites allowed to show the widget"
      description="Browsers show your widget only on these websites (and in this admin area); any other site gets an empty frame. Use https://*.example.com to allow every subdomain."
    >
      {draft.length === 0 ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          No website is allowed yet: add your site&apos;s address before you paste the code.
        </Alert>
      ) : (
        <List dense aria-label="Allowed websites" sx={{ mb: 1 }}>
          {draft.map((source) => (
            <ListItem
              key={source}
              divider
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={`Remove ${source}`}
                  disabled={!canWrite}
                  onClick={() => setDraft(draft.filter((item) => item !== source))}
                >
                  <span aria-hidden="true">×</span>
                </IconButton>
              }
            >
              <ListItemText
                primary={source}
                secondary={
                  source.startsWith('http://') && !isLocalSource(source)
                    ? 'Not secure (http): prefer https'
                    : null
                }
              />
            </ListItem>
          ))}
        </List>
      )}
      <Box component="form" onSubmit={add} noValidate>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            label="Website address"
            placeholder="https://www.example.com"
            value={entry}
            onChange={(event) => {
              setEntry(event.target.value);
              setEntryError(null);
            }}
            error={entryError !== null}
            helperText={entryError ?? ' '}
            disabled={!canWrite}
            sx={{ minWidth: 320 }}
          />
          <Button
            type="submit"
            variant="outlined"
            disabled={!canWrite || entry.trim() === ''}
            sx={{ mt: { sm: 1 } }}
          >
            Add website
          </Button>
        </Stack>
      </Box>
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button
          variant="contained"
          disabled={!canWrite || !changed || save.isPending}
          onClick={() => save.mutate(draft)}
        >
          Save websites
        </Button>
        <Button disabled={!changed || save.isPending} onClick={() => setDraft(setup.frameAncestors)}>
          Discard changes
        </Button>
      </Stack>
      <SaveErrorAlert
        error={save.error}
        onReload={() => {
          save.reset();
          void queryClient
            .invalidateQueries({ queryKey: widgetKeys.setup(clientId, ruleId) })
            .then(() =>
              setDraft(
                queryClient.getQueryData<WidgetSetup>(widgetKeys.setup(clientId, ruleId))?.frameAncestors ??
                  [],
              ),
            );
        }}
      />
    </Section>
  );
}
