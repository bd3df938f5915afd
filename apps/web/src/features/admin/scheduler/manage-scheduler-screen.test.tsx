// @vitest-environment jsdom
import { SETTING_DEFINITIONS } from '@scheduler/domain/settings';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderAdminScreen } from '../accounts-test-harness';
import { ManageSchedulerScreen } from './manage-scheduler-screen';

/** A getAssignConfig answer (as the server sends it) with `values` in effect, defaults elsewhere. */
function configWith(values: Record<string, string>) {
  return {
    clientId: '1',
    schedulerId: '2',
    schedulerName: 'Main office',
    schedulerSlug: 'main',
    settings: [],
    version: 3,
    definitions: SETTING_DEFINITIONS.map((definition) => ({
      ...definition,
      value: values[definition.key] ?? definition.defaultValue,
      isDefault: values[definition.key] === undefined,
    })),
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the scheduler settings: Spanish thank-you texts (issue 21)', () => {
  it('shows each Spanish text under its English one and says what patients see while it is missing', async () => {
    mockApi({
      'GET /api/scheduler/getAssignConfig': {
        body: configWith({ thankYouSecondary: 'Parking is behind the building.' }),
      },
    });
    renderAdminScreen(<ManageSchedulerScreen />, 'managescheduler');
    const section = await screen.findByRole('region', { name: 'Thank-you screen' });
    const fields = within(section).getAllByRole('textbox');
    expect(fields.map((field) => field.getAttribute('name'))).toEqual([
      'thankYouPrimary',
      'thankYouPrimaryEs',
      'thankYouSecondary',
      'thankYouSecondaryEs',
    ]);
    expect(fields[1]?.getAttribute('lang')).toBe('es');
    // Missing, in words: the default's Spanish for the unchanged primary, the English for the changed line.
    expect(within(section).getAllByText('Spanish missing')).toHaveLength(2);
    expect(
      within(section).getByText(
        'Spanish (optional) — missing: the booking page uses the Spanish of the default message.',
      ),
    ).toBeTruthy();
    expect(
      within(section).getByText(
        'Spanish (optional) — missing: the booking page uses your English message above, as written.',
      ),
    ).toBeTruthy();

    fireEvent.change(fields[1] as HTMLElement, { target: { value: '¡Su cita está programada!' } });
    expect(within(section).getAllByText('Spanish missing')).toHaveLength(1);
    // The patients' default language is offered with the other appointment settings.
    expect(screen.getByRole('combobox', { name: 'Default language for patients' })).toBeTruthy();
  });
});
