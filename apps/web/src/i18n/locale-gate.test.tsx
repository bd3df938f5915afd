// @vitest-environment jsdom
import { configureStore } from '@reduxjs/toolkit';
import { useLingui } from '@lingui/react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it } from 'vitest';
import { patientdetailsReducer } from '../features/booking/state/patientdetails-slice';
import { i18n } from './catalogs';
import { LocaleGate, useLocaleControl, type LocaleControl } from './locale-gate';

let control: LocaleControl | null = null;
function Probe() {
  control = useLocaleControl();
  const { i18n: active } = useLingui();
  return <p>locale {active.locale}</p>;
}

function renderGate(url: string) {
  window.history.replaceState(null, '', url);
  const store = configureStore({ reducer: { patientdetails: patientdetailsReducer } });
  render(
    <Provider store={store}>
      <LocaleGate fallback={<p>loading</p>}>
        <Probe />
      </LocaleGate>
    </Provider>,
  );
  return store;
}

afterEach(() => {
  cleanup();
  i18n.activate('en');
  control = null;
});

describe('LocaleGate', () => {
  it('renders in the language of ?lang=, keeps it as the choice and sets <html lang>', async () => {
    const store = renderGate('/acme/main/all/landing?lang=es');
    expect(await screen.findByText('locale es')).toBeTruthy();
    expect(document.documentElement.lang).toBe('es');
    expect(store.getState().patientdetails.language).toBe('es');
  });

  it('switches language keeping the rest of the state, and the URL follows the switcher', async () => {
    const store = renderGate('/acme/main/all/findappointment?lang=es&utm_source=x');
    await screen.findByText('locale es');
    act(() => control?.setLocale('en'));
    expect(await screen.findByText('locale en')).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
    expect(window.location.search).toBe('?lang=en&utm_source=x');
    expect(store.getState().patientdetails.language).toBe('en');
  });

  it("uses the practice's default only when nothing else chose", async () => {
    const languages = Object.getOwnPropertyDescriptor(window.navigator, 'languages');
    Object.defineProperty(window.navigator, 'languages', { value: ['fr-FR'], configurable: true });
    try {
      renderGate('/acme/main/all/landing');
      await screen.findByText('locale en');
      act(() => control?.offerPracticeDefault('es'));
      expect(await screen.findByText('locale es')).toBeTruthy();
    } finally {
      if (languages) Object.defineProperty(window.navigator, 'languages', languages);
      else delete (window.navigator as { languages?: unknown }).languages;
    }
  });

  it('keeps staff screens in English whatever the patient chose', async () => {
    renderGate('/admin/1/1/schedule?lang=es');
    expect(await screen.findByText('locale en')).toBeTruthy();
  });
});
