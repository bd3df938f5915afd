import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDetail } from '@scheduler/contract/admin/messages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { errorMessageOf } from '../api/admin-request';
import { DetailList } from '../components/patient-parts';
import { ErrorBlock, LoadingBlock } from '../components/query-state';
import { notifySaved } from '../components/save-feedback';
import { channelLabel, kindLabel } from './message-format';
import { fetchMessage, messageKeys, resendMessage } from './messages-api';
import { MessageStatus, ZonedTime } from './messages-table';

/** The e-mail's HTML part, as the patient's mail program would draw it: in a frame that may run nothing. */
export function HtmlPart({ html, title }: { html: string; title: string }) {
  return (
    <Box
      component="iframe"
      title={title}
      // An empty sandbox: no script, no form, no navigation, no same-origin access.
      sandbox=""
      srcDoc={html}
      referrerPolicy="no-referrer"
      sx={{
        width: '100%',
        minHeight: 320,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: '#fff',
      }}
    />
  );
}

/** A plain-text part or an SMS body, kept as written (line breaks and all). */
function TextPart({ text, label }: { text: string; label: string }) {
  return (
    <Box
      component="pre"
      role="region"
      aria-label={label}
      tabIndex={0}
      sx={{
        m: 0,
        p: 1.5,
        bgcolor: 'action.hover',
        borderRadius: 1,
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
        fontFamily: 'inherit',
        fontSize: '0.9rem',
        maxHeight: 320,
        overflowY: 'auto',
      }}
    >
      {text}
    </Box>
  );
}

/** The rendered text of a message (HTML too when the server sends it). */
function MessageBody({ message }: { message: MessageDetail }) {
  const { t } = useLingui();
  const html = message.bodyHtml;
  if (message.body === null && html === null) {
    return (
      <Typography color="text.secondary">
        <Trans>This message has not been rendered yet.</Trans>
      </Typography>
    );
  }
  const textPart = message.channel === 'sms' ? t`Text message` : t`Plain-text part`;
  return (
    <>
      {message.subject !== null ? (
        <Typography sx={{ mt: 2 }}>
          <strong>
            <Trans>Subject:</Trans>
          </strong>{' '}
          {message.subject}
        </Typography>
      ) : null}
      {message.body !== null ? (
        <>
          <Typography variant="subtitle2" component="h3" sx={{ mt: 2, mb: 1 }}>
            {textPart}
          </Typography>
          <TextPart text={message.body} label={textPart} />
        </>
      ) : null}
      {html !== null ? (
        <>
          <Typography variant="subtitle2" component="h3" sx={{ mt: 2, mb: 1 }}>
            <Trans>HTML part</Trans>
          </Typography>
          <HtmlPart html={html} title={t`HTML part of the e-mail`} />
        </>
      ) : null}
    </>
  );
}

function MessageFacts({ message }: { message: MessageDetail }) {
  const { t } = useLingui();
  const kind = kindLabel(message);
  const channel = channelLabel(message);
  return (
    <DetailList
      items={[
        [t`Patient`, message.patientName],
        [
          t`Appointment`,
          <ZonedTime key="a" at={message.appointmentStartUtc} timeZone={message.timeZone} withWeekday />,
        ],
        [t`Message`, t`${kind} · ${channel}`],
        [t`To`, message.toAddress ?? '—'],
        [t`Status`, <MessageStatus key="s" message={message} />],
        [t`Planned`, <ZonedTime key="p" at={message.scheduledAt} timeZone={message.timeZone} />],
        [t`Sent`, <ZonedTime key="t" at={message.sentAt} timeZone={message.timeZone} />],
        [t`Delivered`, <ZonedTime key="d" at={message.deliveredAt} timeZone={message.timeZone} />],
        [t`Attempts`, String(message.attempts)],
        ...(message.lastError ? [[t`Last error`, message.lastError] as const] : []),
      ]}
    />
  );
}

export interface MessageDetailDialogProps {
  clientId: string;
  messageId: string;
  /** The signed-in user may resend (patients:write). */
  canWrite: boolean;
  onClose: () => void;
}

/** One message: its facts, its rendered text and, for a failed one, "Resend". */
export function MessageDetailDialog({ clientId, messageId, canWrite, onClose }: MessageDetailDialogProps) {
  const { t } = useLingui();
  const titleId = useId();
  const queryClient = useQueryClient();
  const detail = useQuery({
    queryKey: messageKeys.one(clientId, messageId),
    queryFn: ({ signal }) => fetchMessage(clientId, messageId, signal),
  });
  const resend = useMutation({
    mutationFn: () => resendMessage(clientId, messageId),
    onSuccess: async (answer) => {
      queryClient.setQueryData(messageKeys.one(clientId, messageId), answer);
      notifySaved(t`The message is queued to be sent again`);
      await queryClient.invalidateQueries({ queryKey: messageKeys.all(clientId) });
    },
  });
  const message = detail.data?.message;
  const dialogTitle = (shown: MessageDetail) => {
    const kind = kindLabel(shown);
    const channel = channelLabel(shown);
    return t`${kind} by ${channel}`;
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{message ? dialogTitle(message) : t`Message`}</DialogTitle>
      <DialogContent>
        {detail.isPending ? <LoadingBlock label={t`Loading the message…`} /> : null}
        {detail.isError ? (
          <ErrorBlock error={detail.error} what={t`the message`} onRetry={() => void detail.refetch()} />
        ) : null}
        {message ? (
          <>
            <MessageFacts message={message} />
            <MessageBody message={message} />
          </>
        ) : null}
        {resend.isError ? (
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            {errorMessageOf(resend.error, t`The message could not be queued again. Please try again.`)}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        {message?.canResend && canWrite ? (
          <Button variant="contained" disabled={resend.isPending} onClick={() => resend.mutate()}>
            {resend.isPending ? <Trans>Resending…</Trans> : <Trans>Resend</Trans>}
          </Button>
        ) : null}
        <Button onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
      </DialogActions>
    </Dialog>
  );
}
