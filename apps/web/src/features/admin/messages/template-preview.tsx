import { plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { MessagePreviewResponse, SmsSegments } from '@scheduler/contract/admin/message-templates';
import { errorMessageOf } from '../shared/api/admin-request';
import { visuallyHidden } from '../shared/components/patient-parts';
import { HtmlPart } from '../shared/messages/message-detail-dialog';

/** '1 segment of 2 allowed (GSM-7, 118 characters)'. */
export function segmentText(sms: SmsSegments): string {
  const { segments, maxSegments, encoding, units } = sms;
  const count = plural(segments, { one: `${segments} segment`, other: `${segments} segments` });
  return t`${count} of ${maxSegments} allowed (${encoding}, ${units} characters)`;
}

/** What the live region announces after each preview. */
export function previewAnnouncement(preview: MessagePreviewResponse | undefined, error: unknown): string {
  if (error) return t`The preview could not be made.`;
  if (!preview) return '';
  if (preview.sms) {
    const segments = segmentText(preview.sms);
    return t`Preview updated: ${segments}.`;
  }
  return t`Preview updated.`;
}

export interface TemplatePreviewProps {
  preview: MessagePreviewResponse | undefined;
  error: unknown;
  pending: boolean;
}

/** The rendered draft: subject, text and HTML (in a sandboxed frame), and the SMS segment count. */
export function TemplatePreview({ preview, error, pending }: TemplatePreviewProps) {
  const { t } = useLingui();
  const tooLong = preview?.sms ? preview.sms.segments > preview.sms.maxSegments : false;
  return (
    <Paper component="section" variant="outlined" aria-labelledby="template-preview-title" sx={{ p: 2 }}>
      <Typography id="template-preview-title" variant="subtitle1" component="h3">
        <Trans>Preview</Trans>
      </Typography>
      <Typography variant="body2" color="text.secondary">
        <Trans>With sample values; updated as you type.</Trans>
      </Typography>
      <Box sx={{ height: 4, my: 1 }}>
        {pending ? <LinearProgress aria-label={t`Updating the preview`} /> : null}
      </Box>
      {/* Announces each new preview to screen readers (the frame and text below are not live). */}
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {pending ? '' : previewAnnouncement(preview, error)}
      </Box>
      {error ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {errorMessageOf(error, t`The preview could not be made.`)}
        </Alert>
      ) : null}
      {preview?.sms ? (
        <Typography sx={{ mb: 1 }} color={tooLong ? 'error' : undefined}>
          <Trans>
            <strong>SMS:</strong> {segmentText(preview.sms)}
          </Trans>
        </Typography>
      ) : null}
      {preview?.subject ? (
        <Typography sx={{ mb: 1 }}>
          <Trans>
            <strong>Subject:</strong> {preview.subject}
          </Trans>
        </Typography>
      ) : null}
      {preview ? (
        <Box
          component="pre"
          role="region"
          tabIndex={0}
          aria-label={preview.sms ? t`Text message preview` : t`Plain-text part preview`}
          sx={{
            m: 0,
            mb: 2,
            p: 1.5,
            bgcolor: 'action.hover',
            borderRadius: 1,
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            fontFamily: 'inherit',
            fontSize: '0.9rem',
          }}
        >
          {preview.text}
        </Box>
      ) : null}
      {preview?.html ? <HtmlPart html={preview.html} title={t`HTML part preview`} /> : null}
    </Paper>
  );
}
