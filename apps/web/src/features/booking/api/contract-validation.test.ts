import { describe, expect, it } from 'vitest';
import { checkAgainstContract } from './contract-validation';

// Without a Worker (tests), the page checks the answers itself: the same results as the worker's.
describe('checkAgainstContract', () => {
  it('passes an answer that matches the contract, parsed', async () => {
    const checked = await checkAgainstContract('getServiceTypeResponseSchema', { serviceTypes: [] });
    expect(checked).toEqual({ success: true, data: { serviceTypes: [] } });
  });

  it('refuses an answer that does not match', async () => {
    expect(await checkAgainstContract('getServiceTypeResponseSchema', { serviceTypes: 'x' })).toEqual({
      success: false,
    });
    expect(await checkAgainstContract('getLocationResponseSchema', null)).toEqual({ success: false });
  });

  it('refuses a getConfig answer that does not match before resolving its settings', async () => {
    expect(await checkAgainstContract('getConfigResponseSchema', {}, 'settings')).toEqual({ success: false });
  });
});
