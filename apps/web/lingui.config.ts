import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * Issue 21: one mechanism for every string on the web (Lingui, ICU MessageFormat, compiled at build
 * time). Two catalogs per language: `booking` (everything a patient sees: the booking flow, the
 * widget, the manage and claim pages, the shared shell) and `admin` (staff screens, English for
 * now — a later language there is translation work only). Only the chosen language's booking catalog
 * loads on a patient's page; English needs none (the source texts stay in the code).
 */
/**
 * Shared modules whose texts a patient meets only after the landing: the server's texts (loaded when a
 * call fails, features/booking/api/server-texts.ts), the thank-you's practice texts and calendar file,
 * the waitlist dialog (find-a-time), the root page, the patient's identity fields (identity step and
 * waitlist dialog), the later steps' Back button (step-actions) and the placeholder screen no route shows.
 * Their messages go with the later steps' catalog, not the landing's first one.
 */
const LATER_FILES = [
  '<rootDir>/src/lib/error-texts.ts',
  '<rootDir>/src/features/booking/lib/practice-texts.ts',
  '<rootDir>/src/features/booking/lib/ics.ts',
  '<rootDir>/src/features/booking/components/waitlist-dialog.tsx',
  '<rootDir>/src/features/booking/components/identity-fields.tsx',
  '<rootDir>/src/features/booking/components/step-actions.tsx',
  '<rootDir>/src/components/placeholder-screen.tsx',
  '<rootDir>/src/app/root-page.tsx',
];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es'],
  fallbackLocales: { default: 'en' },
  format: formatter({ lineNumbers: false, origins: true }),
  orderBy: 'messageId',
  catalogs: [
    {
      // The first paint of a patient's page: shell, landing, widget, shared parts.
      path: '<rootDir>/src/locales/{locale}/start',
      include: [
        '<rootDir>/src/features/booking/booking-shell.tsx',
        '<rootDir>/src/features/booking/protected-booking-step.tsx',
        '<rootDir>/src/features/booking/landing',
        '<rootDir>/src/features/booking/components',
        '<rootDir>/src/features/booking/lib',
        '<rootDir>/src/features/booking/api',
        '<rootDir>/src/features/booking/state',
        '<rootDir>/src/features/booking/*.ts',
        '<rootDir>/src/features/widget',
        '<rootDir>/src/components',
        '<rootDir>/src/app',
        '<rootDir>/src/lib',
        '<rootDir>/src/i18n',
      ],
      exclude: [...LATER_FILES, '**/*.test.*', '**/*-test-harness.*', '**/node_modules/**'],
    },
    {
      // The later steps and the manage and claim pages (loaded with their screens).
      path: '<rootDir>/src/locales/{locale}/booking',
      include: [
        '<rootDir>/src/features/booking/find-appointment',
        '<rootDir>/src/features/booking/additional-details',
        '<rootDir>/src/features/booking/insurance',
        '<rootDir>/src/features/booking/identity',
        '<rootDir>/src/features/booking/thank-you',
        '<rootDir>/src/features/booking/manage',
        '<rootDir>/src/features/booking/claim',
        ...LATER_FILES,
      ],
      exclude: ['**/*.test.*', '**/*-test-harness.*', '**/node_modules/**'],
    },
    {
      path: '<rootDir>/src/locales/{locale}/admin',
      include: ['<rootDir>/src/features/admin'],
      exclude: ['**/*.test.*', '**/*-test-harness.*', '**/node_modules/**'],
    },
  ],
});
