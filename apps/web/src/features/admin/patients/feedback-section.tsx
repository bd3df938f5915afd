import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { ErrorBlock, LoadingBlock } from '../shared/components/query-state';
import { useAdminParams } from '../shared/use-admin-params';
import { formatZonedDateTime } from '../../../lib/zoned-time';
import { usePracticeTimeZone } from '../shared/use-practice-zone';
import { Section } from '../shared/components/patient-parts';
import { fetchFeedback } from './patients-api';
import { patientKeys } from '../shared/api/patient-management-api';

/** The patient's feedback on their appointments. */
export function FeedbackSection({
  patientId,
  labels,
}: {
  patientId: string;
  labels: ReadonlyMap<string, string>;
}) {
  const { t } = useLingui();
  const { clientId } = useAdminParams();
  const zone = usePracticeTimeZone();
  const feedback = useQuery({
    queryKey: patientKeys.feedback(clientId, patientId),
    queryFn: ({ signal }) => fetchFeedback(clientId, patientId, signal),
  });
  const summary = (count: number, averageRating: number | null) => {
    if (averageRating === null) return t`${plural(count, { one: '# response', other: '# responses' })}`;
    const average = averageRating.toFixed(1);
    return t`${plural(count, { one: '# response', other: '# responses' })}, average rating ${average} out of 5`;
  };
  return (
    <Section id="patient-feedback" title={t`Feedback`}>
      {feedback.isPending ? <LoadingBlock label={t`Loading feedback…`} /> : null}
      {feedback.isError ? (
        <ErrorBlock error={feedback.error} what={t`the feedback`} onRetry={() => void feedback.refetch()} />
      ) : null}
      {feedback.data && feedback.data.count === 0 ? (
        <Typography color="text.secondary">{t`No feedback from this patient yet.`}</Typography>
      ) : null}
      {feedback.data && feedback.data.count > 0 ? (
        <>
          <Typography sx={{ mb: 1 }}>{summary(feedback.data.count, feedback.data.averageRating)}</Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {feedback.data.feedback.map((item) => {
              const rating = item.rating;
              const about = item.appointmentId ? labels.get(item.appointmentId) : undefined;
              return (
                <Box
                  component="li"
                  key={item.feedbackId}
                  sx={{ py: 1, borderTop: 1, borderColor: 'divider' }}
                >
                  {rating === null ? null : (
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                      <Rating value={rating} readOnly size="small" aria-hidden="true" />
                      <Typography variant="body2">{t`${rating} out of 5`}</Typography>
                    </Box>
                  )}
                  {item.comment ? (
                    <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {item.comment}
                    </Typography>
                  ) : null}
                  <Typography variant="body2" color="text.secondary">
                    <time dateTime={item.createdAt}>{formatZonedDateTime(item.createdAt, zone)}</time>
                    {about ? ` · ${t`about ${about}`}` : ''}
                  </Typography>
                </Box>
              );
            })}
          </Box>
        </>
      ) : null}
    </Section>
  );
}
