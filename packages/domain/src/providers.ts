/**
 * Providers as people read them: the one display name the booking flow, the configuration
 * screens, patient management and the reports all show.
 */

/** 'Dr. Emily Carter': prefix, first and last name; blank parts are left out (credentials are shown apart). */
export function providerDisplayName(provider: {
  prefix: string | null;
  firstName: string;
  lastName: string;
}): string {
  return [provider.prefix, provider.firstName, provider.lastName]
    .filter((part): part is string => part !== null && part.trim() !== '')
    .join(' ');
}
