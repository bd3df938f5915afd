import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type {
  GetPatientDetailsResponse,
  InsurancePolicy,
} from '@scheduler/contract/patient-management/patients';
import { formatZonedDateTime, todayIn } from '../../../lib/zoned-time';
import { ageOn, formatIsoDate, formatPhone } from '../shared/format';
import { DetailList, Section } from '../shared/components/patient-parts';

function yesNo(value: boolean, i18n: I18n): string {
  return value ? i18n._(msg`Yes`) : i18n._(msg`No`);
}

/**
 * The patient's contact details and contact permissions; "Patient since" in the practice's zone
 * (`timeZone`: a time of no one location), named.
 */
export function ContactSection({
  patient,
  timeZone,
}: {
  patient: GetPatientDetailsResponse['patient'];
  timeZone: string | undefined;
}) {
  const { t, i18n } = useLingui();
  const age = ageOn(patient.dateOfBirth, todayIn(timeZone));
  const notGiven = t`Not given`;
  return (
    <Section id="patient-contact" title={`${patient.firstName} ${patient.lastName}`}>
      <DetailList
        items={[
          [
            t`Date of birth`,
            `${formatIsoDate(patient.dateOfBirth)}${age === null ? '' : ` ${t`(age ${age})`}`}`,
          ],
          [t`Gender`, patient.gender === 'M' ? t`Male` : patient.gender === 'F' ? t`Female` : notGiven],
          [t`Phone`, patient.phone ? formatPhone(patient.phone) : notGiven],
          [t`E-mail`, patient.email ?? notGiven],
          [t`Text messages`, yesNo(patient.smsPermission, i18n)],
          [t`E-mails`, yesNo(patient.emailPermission, i18n)],
          [t`Patient since`, formatZonedDateTime(patient.createdAt, timeZone)],
        ]}
      />
    </Section>
  );
}

function policyItems(policy: InsurancePolicy, timeZone: string | undefined, i18n: I18n): [string, string][] {
  if (policy.selfPay) return [[i18n._(msg`Coverage`), i18n._(msg`Self-pay`)]];
  const notGiven = i18n._(msg`Not given`);
  const subscriber = [policy.subscriberFirstName, policy.subscriberLastName].filter(Boolean).join(' ');
  const items: [string, string][] = [
    [i18n._(msg`Carrier`), policy.carrier?.name ?? notGiven],
    [i18n._(msg`Plan`), policy.plan?.name ?? notGiven],
    [i18n._(msg`Member ID`), policy.memberId ?? notGiven],
  ];
  if (policy.groupNumber) items.push([i18n._(msg`Group number`), policy.groupNumber]);
  if (policy.relationship) items.push([i18n._(msg`Policy holder`), policy.relationship]);
  if (subscriber) items.push([i18n._(msg`Subscriber`), subscriber]);
  if (policy.subscriberDateOfBirth) {
    items.push([i18n._(msg`Subscriber date of birth`), formatIsoDate(policy.subscriberDateOfBirth)]);
  }
  items.push([i18n._(msg`Updated`), formatZonedDateTime(policy.updatedAt, timeZone)]);
  return items;
}

/** The patient's insurance policies. */
export function InsuranceSection({
  policies,
  timeZone,
}: {
  policies: readonly InsurancePolicy[];
  timeZone: string | undefined;
}) {
  const { t, i18n } = useLingui();
  return (
    <Section id="patient-insurance" title={t`Insurance`}>
      {policies.length === 0 ? (
        <Typography color="text.secondary">
          <Trans>No insurance on file.</Trans>
        </Typography>
      ) : (
        policies.map((policy, index) => {
          const number = index + 1;
          return (
            <Box key={policy.policyId} sx={{ mt: index === 0 ? 0 : 2 }}>
              {policies.length > 1 ? (
                <Typography variant="subtitle2" component="h3" gutterBottom>
                  <Trans>Policy {number}</Trans>
                </Typography>
              ) : null}
              <DetailList items={policyItems(policy, timeZone, i18n)} />
            </Box>
          );
        })
      )}
    </Section>
  );
}
