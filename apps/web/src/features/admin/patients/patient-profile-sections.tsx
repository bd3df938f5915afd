import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type {
  GetPatientDetailsResponse,
  InsurancePolicy,
} from '@scheduler/contract/patient-management/patients';
import { formatZonedDateTime, todayIn } from '../../../lib/zoned-time';
import { ageOn, formatIsoDate, formatPhone } from '../shared/format';
import { DetailList, Section } from '../shared/components/patient-parts';

function yesNo(value: boolean): string {
  return value ? 'Yes' : 'No';
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
  const age = ageOn(patient.dateOfBirth, todayIn(timeZone));
  return (
    <Section id="patient-contact" title={`${patient.firstName} ${patient.lastName}`}>
      <DetailList
        items={[
          ['Date of birth', `${formatIsoDate(patient.dateOfBirth)}${age === null ? '' : ` (age ${age})`}`],
          ['Gender', patient.gender === 'M' ? 'Male' : patient.gender === 'F' ? 'Female' : 'Not given'],
          ['Phone', patient.phone ? formatPhone(patient.phone) : 'Not given'],
          ['E-mail', patient.email ?? 'Not given'],
          ['Text messages', yesNo(patient.smsPermission)],
          ['E-mails', yesNo(patient.emailPermission)],
          ['Patient since', formatZonedDateTime(patient.createdAt, timeZone)],
        ]}
      />
    </Section>
  );
}

function policyItems(policy: InsurancePolicy, timeZone: string | undefined): [string, string][] {
  if (policy.selfPay) return [['Coverage', 'Self-pay']];
  const subscriber = [policy.subscriberFirstName, policy.subscriberLastName].filter(Boolean).join(' ');
  const items: [string, string][] = [
    ['Carrier', policy.carrier?.name ?? 'Not given'],
    ['Plan', policy.plan?.name ?? 'Not given'],
    ['Member ID', policy.memberId ?? 'Not given'],
  ];
  if (policy.groupNumber) items.push(['Group number', policy.groupNumber]);
  if (policy.relationship) items.push(['Policy holder', policy.relationship]);
  if (subscriber) items.push(['Subscriber', subscriber]);
  if (policy.subscriberDateOfBirth) {
    items.push(['Subscriber date of birth', formatIsoDate(policy.subscriberDateOfBirth)]);
  }
  items.push(['Updated', formatZonedDateTime(policy.updatedAt, timeZone)]);
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
  return (
    <Section id="patient-insurance" title="Insurance">
      {policies.length === 0 ? (
        <Typography color="text.secondary">No insurance on file.</Typography>
      ) : (
        policies.map((policy, index) => (
          <Box key={policy.policyId} sx={{ mt: index === 0 ? 0 : 2 }}>
            {policies.length > 1 ? (
              <Typography variant="subtitle2" component="h3" gutterBottom>
                Policy {index + 1}
              </Typography>
            ) : null}
            <DetailList items={policyItems(policy, timeZone)} />
          </Box>
        ))
      )}
    </Section>
  );
}
