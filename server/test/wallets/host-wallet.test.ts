import { MSG, WALLET_MSG } from '@floorfill/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decryptSecret,
  hostStripeSecretContext,
  SecretBoxError,
} from '../../src/wallets/secret-box.ts';
import { get, signIn, signInGuest, type SignedIn } from '../helpers/event-factories.ts';
import { post } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const PUBLIC_KEY = 'pk_test_51HostPublicKey0001';
const SECRET_KEY = 'sk_test_51HostSecretKeyDoNotLeak0001';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function saveKeys(who: SignedIn, body: Record<string, unknown>) {
  return post(t, '/api/v1/update-host-profile-wallet', body, who.headers);
}

async function storedSecret(userId: number): Promise<string | null> {
  const row = await t.ctx.db
    .selectFrom('users')
    .select('stripe_secret_key_encrypted')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.stripe_secret_key_encrypted;
}

describe('update-host-profile-wallet', () => {
  it('stores the secret key encrypted and never answers it', async () => {
    const host = await signIn(t);
    const res = await saveKeys(host, {
      id: host.id,
      stripe_public_key: PUBLIC_KEY,
      stripe_secret_key: SECRET_KEY,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: true,
      msg: WALLET_MSG.hostSaved,
      data: { stripe_public_key: PUBLIC_KEY, has_secret_key: true },
    });

    const stored = await storedSecret(host.id);
    expect(stored).not.toBeNull();
    expect(stored).not.toContain(SECRET_KEY);
    expect(stored).not.toContain('HostSecretKey');
    expect(stored?.split(':')).toHaveLength(3);
    expect(
      decryptSecret(t.config.encryptionKey, stored ?? '', hostStripeSecretContext(host.id)),
    ).toBe(SECRET_KEY);

    for (const url of ['/api/v1/get-wallet', `/api/v1/get-user-details?id=${host.id}`]) {
      const answer = await get(t, url, host.headers);
      expect(answer.statusCode).toBe(200);
      expect(answer.body).not.toContain(SECRET_KEY);
      expect(answer.body).not.toContain(stored);
    }
  });

  it('encrypts each save afresh (random IV) and binds the ciphertext to its owner', async () => {
    const host = await signIn(t);
    await saveKeys(host, { stripe_public_key: PUBLIC_KEY, stripe_secret_key: SECRET_KEY });
    const first = await storedSecret(host.id);
    await saveKeys(host, { stripe_public_key: PUBLIC_KEY, stripe_secret_key: SECRET_KEY });
    const second = await storedSecret(host.id);
    expect(second).not.toBe(first);

    const other = await signIn(t);
    expect(() =>
      decryptSecret(t.config.encryptionKey, second ?? '', hostStripeSecretContext(other.id)),
    ).toThrow(SecretBoxError);
  });

  it('keeps the stored secret when the form sends it empty', async () => {
    const host = await signIn(t);
    await saveKeys(host, { stripe_public_key: PUBLIC_KEY, stripe_secret_key: SECRET_KEY });
    const before = await storedSecret(host.id);
    const res = await saveKeys(host, {
      stripe_public_key: 'pk_test_51AnotherPublicKey02',
      stripe_secret_key: '',
    });
    expect(res.json().data).toEqual({
      stripe_public_key: 'pk_test_51AnotherPublicKey02',
      has_secret_key: true,
    });
    expect(await storedSecret(host.id)).toBe(before);
  });

  it('saves a public key alone, and says there is no secret yet', async () => {
    const host = await signIn(t);
    const res = await saveKeys(host, { stripe_public_key: PUBLIC_KEY });
    expect(res.json().data).toEqual({ stripe_public_key: PUBLIC_KEY, has_secret_key: false });
  });

  it.each([
    [{ stripe_public_key: '' }, 'stripe_public_key', MSG.fieldRequired],
    [
      { stripe_public_key: 'sk_test_51Wrong0000000' },
      'stripe_public_key',
      WALLET_MSG.publicKeyInvalid,
    ],
    [
      { stripe_secret_key: 'pk_test_51Wrong00000' },
      'stripe_secret_key',
      WALLET_MSG.secretKeyInvalid,
    ],
    [
      { stripe_secret_key: 'sk_live_51LiveKey0000000' },
      'stripe_secret_key',
      WALLET_MSG.keyModesDiffer,
    ],
  ])('refuses %j', async (override, field, message) => {
    const host = await signIn(t);
    const res = await saveKeys(host, {
      stripe_public_key: PUBLIC_KEY,
      stripe_secret_key: SECRET_KEY,
      ...override,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ [field]: [message] });
    expect(res.body).not.toContain('51Wrong');
    expect(res.body).not.toContain('51LiveKey');
    expect(await storedSecret(host.id)).toBeNull();
  });

  it('takes a restricted key (rk_) as the secret', async () => {
    const host = await signIn(t);
    const res = await saveKeys(host, {
      stripe_public_key: PUBLIC_KEY,
      stripe_secret_key: 'rk_test_51Restricted000001',
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses guests and someone else as the account', async () => {
    const guest = await signInGuest(t);
    expect((await saveKeys(guest, { stripe_public_key: PUBLIC_KEY })).statusCode).toBe(403);
    const host = await signIn(t);
    const other = await signIn(t);
    const res = await saveKeys(host, { id: other.id, stripe_public_key: PUBLIC_KEY });
    expect(res.statusCode).toBe(403);
  });
});

describe('get-wallet', () => {
  it("answers the caller's own wallet state for the forms", async () => {
    const host = await signIn(t);
    const empty = await get(t, '/api/v1/get-wallet', host.headers);
    expect(empty.json().data).toEqual({
      payments_mode: 'demo',
      stripe_account_status: null,
      is_demo: false,
      stripe_public_key: null,
      has_secret_key: false,
      card: null,
      card_setup_key: null,
    });
    await saveKeys(host, { stripe_public_key: PUBLIC_KEY, stripe_secret_key: SECRET_KEY });
    await post(t, '/api/v1/connect-stripe-account', {}, host.headers);
    const filled = await get(t, '/api/v1/get-wallet', host.headers);
    expect(filled.json().data).toEqual({
      payments_mode: 'demo',
      stripe_account_status: 'Active',
      is_demo: true,
      stripe_public_key: PUBLIC_KEY,
      has_secret_key: true,
      card: null,
      card_setup_key: null,
    });
  });

  it('is for members only', async () => {
    const guest = await signInGuest(t);
    expect((await get(t, '/api/v1/get-wallet', guest.headers)).statusCode).toBe(403);
    expect((await get(t, '/api/v1/get-wallet')).statusCode).toBe(401);
  });
});
