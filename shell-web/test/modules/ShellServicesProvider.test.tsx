import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { useShellServices, type ShellServices } from '@autoscope/web-sdk';

const signOut = vi.fn();
const notify = vi.fn();
const session = {
  token: 'token-1',
  userdata: {
    user_id: 'u1',
    firstname: 'Ann',
    lastname: 'Lee',
    email: 'ann@example.com',
    companyname: 'Ann Co',
    job_title: 'Lead',
    company_id: 'c1',
    edition: 'community',
    currency_name: 'INR',
    currency_symbol: '₹',
    time_zone: 'Asia/Kolkata',
    company_admin: true,
    is_admin: false,
    userrole: [{ role: 'communityuser', rights: { process: { view: true, disabled: false } } }],
    user_list_key: 'k',
  },
};
vi.mock('../../src/session', () => ({
  useSession: () => ({ session, signOut }),
  rightsOf: (s: typeof session) => s.userdata.userrole[0]?.rights ?? {},
}));
vi.mock('../../src/ui', () => ({ notify }));

const { ShellServicesProvider } = await import('../../src/modules/ShellServicesProvider');

afterEach(cleanup);

describe('ShellServicesProvider', () => {
  it('gives remotes the session, the snackbars, the title bar and sign-out', () => {
    let services: ShellServices | null = null;
    function Probe() {
      services = useShellServices();
      return null;
    }
    const setPageTitle = vi.fn();
    render(
      <ShellServicesProvider setPageTitle={setPageTitle}>
        <Probe />
      </ShellServicesProvider>,
    );
    const given = services as ShellServices | null;
    if (!given) throw new Error('no services');
    expect(given.getToken()).toBe('token-1');
    expect(given.user).toEqual({
      id: 'u1',
      email: 'ann@example.com',
      firstname: 'Ann',
      lastname: 'Lee',
      companyId: 'c1',
      companyAdmin: true,
      timeZone: 'Asia/Kolkata',
      currency: { code: 'INR', symbol: '₹' },
    });
    expect(given.rights).toEqual({ process: { view: true, disabled: false } });
    given.notify('Saved', 'success');
    given.notify('Nope', 'failure');
    given.notify('Not all of it', 'warning');
    expect(notify.mock.calls).toEqual([
      ['Saved', 'success'],
      ['Nope', 'failure'],
      ['Not all of it', 'warning'],
    ]);
    given.setPageTitle({ heading: 'Items' });
    expect(setPageTitle).toHaveBeenCalledWith({ heading: 'Items' });
    given.onUnauthorized();
    expect(signOut).toHaveBeenCalledTimes(1);
  });
});
