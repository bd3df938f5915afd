import { Trans, useLingui } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { CreatePartnerResponse, PartnerClient } from '@scheduler/contract/admin/partners';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatZonedDateTime, NO_TIME } from '../../../lib/zoned-time';
import { ErrorBlock, LoadingBlock } from '../shared/components/query-state';
import { notifySaved } from '../shared/components/save-feedback';
import { useAdminParams } from '../shared/use-admin-params';
import { usePracticeTimeZone } from '../shared/use-practice-zone';
import { CopyField } from './copy-field';
import { fetchPartners, openAvailabilityKeys, revokePartner } from './open-availability-api';
import { OpenAvailabilitySection } from './open-availability-section';
import { AddPartnerDialog, PartnerSecretDialog, RevokePartnerDialog } from './partner-dialogs';

/**
 * Partner clients (owners only): OAuth 2.0 clients a partner the practice trusts uses to hold and
 * book times through the FHIR API (client credentials). The list (name, client id, created, last
 * used, revoked), "Add partner" (its secret is shown once, in a dialog), and "Revoke" (asked first).
 */
export function PartnersSection() {
  const { t } = useLingui();
  const { clientId } = useAdminParams();
  const queryClient = useQueryClient();
  const zone = usePracticeTimeZone();
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<CreatePartnerResponse | null>(null);
  const [revoking, setRevoking] = useState<PartnerClient | null>(null);
  const partners = useQuery({
    queryKey: openAvailabilityKeys.partners(clientId),
    queryFn: ({ signal }) => fetchPartners(clientId, signal),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: openAvailabilityKeys.partners(clientId) });

  const revoke = useMutation({
    mutationFn: (partner: PartnerClient) => revokePartner(clientId, partner.partnerId),
    onSuccess: async ({ partner }) => {
      setRevoking(null);
      notifySaved(t`${partner.name} is revoked`);
      await refresh();
    },
  });

  const data = partners.data;
  return (
    <OpenAvailabilitySection
      title={t`Partner clients`}
      description={t`Partners you trust (a health system, a symptom checker) can hold and book times for patients themselves through the FHIR API, with a client id and secret you create here. Only owners see and manage them.`}
      action={
        <Button variant="contained" onClick={() => setAdding(true)}>
          <Trans>Add partner</Trans>
        </Button>
      }
    >
      {partners.isPending ? <LoadingBlock label={t`Loading the partner clients…`} /> : null}
      {partners.isError ? (
        <ErrorBlock
          error={partners.error}
          what={t`the partner clients`}
          onRetry={() => void partners.refetch()}
        />
      ) : null}
      {data ? (
        <>
          <CopyField
            label={t`Token URL`}
            value={data.tokenUrl}
            helperText={t`Partners get an access token here (client credentials), then call Appointment/$hold and $book under the FHIR base.`}
          />
          {data.partners.length === 0 ? (
            <Typography color="text.secondary" sx={{ mt: 2 }}>
              <Trans>No partner client yet.</Trans>
            </Typography>
          ) : (
            <PartnerTable
              partners={data.partners}
              zone={zone}
              onRevoke={(partner) => {
                revoke.reset();
                setRevoking(partner);
              }}
            />
          )}
        </>
      ) : null}
      {adding ? (
        <AddPartnerDialog
          onClose={() => setAdding(false)}
          onCreated={(answer) => {
            setAdding(false);
            setCreated(answer);
            void refresh();
          }}
        />
      ) : null}
      <PartnerSecretDialog created={created} onClose={() => setCreated(null)} />
      <RevokePartnerDialog
        partner={revoking}
        pending={revoke.isPending}
        error={revoke.error}
        onConfirm={(partner) => revoke.mutate(partner)}
        onClose={() => setRevoking(null)}
      />
    </OpenAvailabilitySection>
  );
}

function PartnerTable({
  partners,
  zone,
  onRevoke,
}: {
  partners: readonly PartnerClient[];
  zone: string | undefined;
  onRevoke: (partner: PartnerClient) => void;
}) {
  const { t } = useLingui();
  const when = (instant: string | null) => (instant === null ? NO_TIME : formatZonedDateTime(instant, zone));
  return (
    <TableContainer tabIndex={0} role="region" aria-label={t`Partner clients (scrollable)`} sx={{ mt: 2 }}>
      <Table size="small">
        <caption
          style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
        >
          <Trans>Partner clients</Trans>
        </caption>
        <TableHead>
          <TableRow>
            <TableCell>
              <Trans>Name</Trans>
            </TableCell>
            <TableCell>
              <Trans>Client id</Trans>
            </TableCell>
            <TableCell>
              <Trans>Created</Trans>
            </TableCell>
            <TableCell>
              <Trans>Last used</Trans>
            </TableCell>
            <TableCell>
              <Trans>Revoked</Trans>
            </TableCell>
            <TableCell>
              <span className="visually-hidden">
                <Trans>Actions</Trans>
              </span>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {partners.map((partner) => (
            <TableRow key={partner.partnerId}>
              <TableCell>{partner.name}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                {partner.clientIdentifier}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {partner.createdBy ? (
                  <Trans>
                    {when(partner.createdAt)} by {partner.createdBy}
                  </Trans>
                ) : (
                  when(partner.createdAt)
                )}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {partner.lastUsedAt === null ? t`Never` : when(partner.lastUsedAt)}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {partner.status === 'revoked' ? (
                  <Chip size="small" label={t`Revoked ${when(partner.revokedAt)}`} />
                ) : (
                  t`No`
                )}
              </TableCell>
              <TableCell align="right">
                {partner.status === 'active' ? (
                  <Button
                    color="error"
                    size="small"
                    aria-label={t`Revoke ${partner.name}`}
                    onClick={() => onRevoke(partner)}
                  >
                    <Trans>Revoke</Trans>
                  </Button>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
