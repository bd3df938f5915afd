// @vitest-environment jsdom
import { configureStore } from '@reduxjs/toolkit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NOTES_MAX_LENGTH } from '@scheduler/contract/booking';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nWrapper } from '../../../i18n/test-support';
import { bookingReducers } from '../state';
import { setPatientDetail } from '../state/patientdetails-slice';
import { setStepper } from '../state/stepper-slice';
import { AdditionalDetailsScreen } from './additional-details-screen';

configure({ asyncUtilTimeout: 8000 });

beforeEach(() => {
  // The summary asks for the locations; nothing else is needed here.
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ locations: [] }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
      ),
    ),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderDetails(store = configureStore({ reducer: bookingReducers })) {
  store.dispatch(setStepper(2));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: ':clientName/:scheduler/:location/additionaldetails', element: <AdditionalDetailsScreen /> },
      { path: ':clientName/:scheduler/:location/insurance', element: <p>Insurance page</p> },
    ],
    { initialEntries: ['/acme/main/all/additionaldetails'] },
  );
  const view = render(
    <Provider store={store}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </Provider>,
    { wrapper: I18nWrapper },
  );
  return { store, view };
}

async function fieldValue(name: string): Promise<string> {
  return (await screen.findByRole<HTMLTextAreaElement>('textbox', { name })).value;
}

describe('the additional details step', () => {
  it('keeps the reason and notes in the booking state while they are typed (a reload loses nothing)', async () => {
    const user = userEvent.setup();
    const store = configureStore({ reducer: bookingReducers });
    store.dispatch(setPatientDetail({ firstName: 'Zoe', reasonForVisit: '', notes: '' }));
    renderDetails(store);

    await user.type(await screen.findByRole('textbox', { name: 'Reason for visit' }), 'A loose crown');
    await user.type(screen.getByRole('textbox', { name: 'Notes for the office' }), 'Mornings');

    // Kept before Continue, merged into what the flow kept before (the identity draft stays).
    expect(store.getState().patientdetails.patientdetail).toEqual({
      firstName: 'Zoe',
      reasonForVisit: 'A loose crown',
      notes: 'Mornings',
    });
    expect(screen.queryByText('Insurance page')).toBeNull();
  });

  it('shows the kept draft again after a reload, and a restored draft that is not text is dropped', async () => {
    const kept = configureStore({ reducer: bookingReducers });
    kept.dispatch(setPatientDetail({ reasonForVisit: 'A loose crown on the left', notes: 'Call me first' }));
    const first = renderDetails(kept);
    expect(await fieldValue('Reason for visit')).toBe('A loose crown on the left');
    expect(await fieldValue('Notes for the office')).toBe('Call me first');
    first.view.unmount();

    // Restored state is untrusted: a draft that is not text opens the field empty; an over-long one is cut.
    const tampered = configureStore({ reducer: bookingReducers });
    tampered.dispatch(
      setPatientDetail({ reasonForVisit: { html: '<b>x</b>' }, notes: 'n'.repeat(NOTES_MAX_LENGTH + 50) }),
    );
    renderDetails(tampered);
    expect(await fieldValue('Reason for visit')).toBe('');
    expect(await fieldValue('Notes for the office')).toBe('n'.repeat(NOTES_MAX_LENGTH));
  });
});
