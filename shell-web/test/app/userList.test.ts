import { describe, expect, it } from 'vitest';

import { decryptUserList } from '../../src/app/startup/userList';

/**
 * Made independently of this code (Python's `cryptography`, as the host's
 * `crypto::encrypt_for_client` does it): base64(nonce 00..0b ‖ AES-256-GCM(SHA-256("list-passphrase"))).
 */
const SEALED =
  'AAECAwQFBgcICQoL1vdqciCVoC2FXWH1IySO89lNczUsl9VKQ0EP/eg6vCZjfc4U4ojNDVKNk39TSoAxYZoXM3Tow6xSlt+bgUkcZICC2Gz7kupV19RAhzVsNXj6KbgRseojui1lzaWH0Jo348xH+I7qVVNKMdp6kG2vWqAncRMC1VaEiYw3jbVmnIYoxJhOXsh5n3ENuO38ALIPJj9w12zazagIyz6o7QpqCsibrBPpETWwNCAYlDjep3Uu4lRj7+gQHpGEQJVNVS+E+8wplk+qIddHa5Zz9Vk34q7UB1N38ATAGuYLxt9C4lQw2TbORSAJjJ0TxkZWQY/Kg7fSnwvQALcxa1hIQeYaYurAfwdC3cRa';

describe('decryptUserList', () => {
  it('opens the list sealed with the passphrase', async () => {
    expect(await decryptUserList(SEALED, 'list-passphrase')).toEqual([
      {
        id: 'u1',
        user_id: 'u1',
        email: 'ann@example.com',
        firstname: 'Ann',
        lastname: 'Lee',
        profile_image: '/api/users/getUploadedProfilePic/u1',
      },
      { id: 'u2', user_id: 'u2', email: 'bo@example.com', firstname: 'Bö', lastname: 'Ng', profile_image: '' },
    ]);
  });

  it('refuses another passphrase and damaged text', async () => {
    await expect(decryptUserList(SEALED, 'another passphrase')).rejects.toThrow();
    await expect(decryptUserList(`${SEALED.slice(0, -8)}AAAAAAAA`, 'list-passphrase')).rejects.toThrow();
    await expect(decryptUserList('AAEC', 'list-passphrase')).rejects.toThrow();
  });
});
