import { cardBrandOf, MSG, passesLuhn, WALLET_MSG } from '@floorfill/shared';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, signIn, signInGuest, type SignedIn } from '../helpers/event-factories.ts';
import { post } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** Test card numbers (they pass Luhn); none is a real card. */
const VISA = '4242424242424242';
const AMEX = '378282246310005';
const CVC = '7391';
const nextYear = new Date().getUTCFullYear() + 1;

let t: TestApp;
/** Every line the app logs, captured from its root logger's stream. */
const logLines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'trace' });
  // Request loggers are children of the root logger and write to its stream.
  const stream = { write: (line: string) => logLines.push(line) };
  Object.assign(t.app.log, { [pino.symbols.streamSym]: stream });
});
afterAll(async () => {
  await t.close();
});

function saveCard(who: SignedIn, body: Record<string, unknown>) {
  return post(t, '/api/v1/update-attendee-profile-wallet', body, who.headers);
}

const validCard = (overrides: Record<string, unknown> = {}) => ({
  stripe_card_number: '4242 4242 4242 4242',
  stripe_cvc: CVC,
  stripe_expiry_month: '04',
  stripe_expiry_year: String(nextYear),
  ...overrides,
});

/** Every text-like value in every table of the database, as one string. */
async function databaseText(): Promise<string> {
  const columns = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY')
  `.execute(t.ctx.db);
  const values: string[] = [];
  for (const { table_name: table, column_name: column } of columns.rows) {
    const rows = await sql<{ value: string | null }>`
      select ${sql.ref(`${table}.${column}`)}::text as value from ${sql.table(table)}
    `.execute(t.ctx.db);
    for (const row of rows.rows) if (row.value !== null) values.push(row.value);
  }
  return values.join('\n');
}

describe('update-attendee-profile-wallet', () => {
  it('keeps only the brand, last 4 digits and expiry of a card', async () => {
    const attendee = await signIn(t, { defaultLogin: 3 });
    const res = await saveCard(attendee, validCard({ id: attendee.id }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: true,
      msg: WALLET_MSG.cardSaved,
      data: { card_brand: 'visa', card_last4: '4242', card_exp_month: 4, card_exp_year: nextYear },
    });
    const row = await t.ctx.db
      .selectFrom('users')
      .select(['card_brand', 'card_last4', 'card_exp_month', 'card_exp_year'])
      .where('id', '=', attendee.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      card_brand: 'visa',
      card_last4: '4242',
      card_exp_month: 4,
      card_exp_year: nextYear,
    });
    const wallet = await get(t, '/api/v1/get-wallet', attendee.headers);
    expect(wallet.json().data.card).toEqual(res.json().data);
  });

  it('never stores or logs the card number or the CVC, whether the form is good or not', async () => {
    const attendee = await signIn(t, { defaultLogin: 3 });
    const logsBefore = logLines.length;
    await saveCard(attendee, validCard({ stripe_card_number: AMEX }));
    const refused = await saveCard(
      attendee,
      validCard({ stripe_card_number: '4242424242424241', stripe_expiry_month: '13' }),
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.body).not.toContain('4242424242424241');
    expect(refused.body).not.toContain(CVC);

    const everything = await databaseText();
    for (const secret of [AMEX, VISA, '4242424242424241', '4242 4242 4242 4242', CVC]) {
      expect(everything).not.toContain(secret);
    }
    // The summary is there, so the dump did reach the users table.
    expect(everything).toContain('amex');
    const logs = logLines.slice(logsBefore).join('');
    expect(logs).toContain('update-attendee-profile-wallet');
    for (const secret of [AMEX, '4242424242424241', CVC]) expect(logs).not.toContain(secret);
  });

  it('redacts card fields should anything ever log a body', () => {
    const before = logLines.length;
    t.app.log.info({ body: { stripe_card_number: VISA, stripe_cvc: CVC } }, 'a careless log');
    const line = logLines.slice(before).join('');
    expect(line).toContain('a careless log');
    expect(line).not.toContain(VISA);
    expect(line).not.toContain(CVC);
  });

  it.each([
    [
      { stripe_card_number: '4242424242424241' },
      'stripe_card_number',
      WALLET_MSG.cardNumberInvalid,
    ],
    [{ stripe_card_number: '4242' }, 'stripe_card_number', WALLET_MSG.cardNumberInvalid],
    [{ stripe_card_number: '' }, 'stripe_card_number', MSG.fieldRequired],
    [{ stripe_cvc: '12' }, 'stripe_cvc', WALLET_MSG.cvcInvalid],
    [{ stripe_cvc: '12345' }, 'stripe_cvc', WALLET_MSG.cvcInvalid],
    [{ stripe_cvc: 'abc' }, 'stripe_cvc', WALLET_MSG.cvcInvalid],
    [{ stripe_expiry_month: '13' }, 'stripe_expiry_month', WALLET_MSG.expiryMonthInvalid],
    [{ stripe_expiry_month: '0' }, 'stripe_expiry_month', WALLET_MSG.expiryMonthInvalid],
    [{ stripe_expiry_year: '2020' }, 'stripe_expiry_year', WALLET_MSG.cardExpired],
    [{ stripe_expiry_year: '202' }, 'stripe_expiry_year', WALLET_MSG.expiryYearInvalid],
    [
      { stripe_expiry_year: String(nextYear + 40) },
      'stripe_expiry_year',
      WALLET_MSG.expiryYearInvalid,
    ],
  ])('refuses %j', async (override, field, message) => {
    const attendee = await signIn(t, { defaultLogin: 3 });
    const res = await saveCard(attendee, validCard(override));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
    const row = await t.ctx.db
      .selectFrom('users')
      .select('card_last4')
      .where('id', '=', attendee.id)
      .executeTakeFirstOrThrow();
    expect(row.card_last4).toBeNull();
  });

  it('takes a card that expires this month, and a two-digit year', async () => {
    const now = new Date();
    const attendee = await signIn(t, { defaultLogin: 3 });
    const res = await saveCard(
      attendee,
      validCard({
        stripe_expiry_month: String(now.getUTCMonth() + 1),
        stripe_expiry_year: String(now.getUTCFullYear() % 100).padStart(2, '0'),
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.card_exp_year).toBe(now.getUTCFullYear());
  });

  it('refuses guests and someone else as the account', async () => {
    const guest = await signInGuest(t);
    const asGuest = await saveCard(guest, validCard());
    expect(asGuest.statusCode).toBe(403);
    expect(asGuest.json().msg).toBe(MSG.pleaseRegister);
    const attendee = await signIn(t, { defaultLogin: 3 });
    const other = await signIn(t, { defaultLogin: 3 });
    expect((await saveCard(attendee, validCard({ id: other.id }))).statusCode).toBe(403);
  });
});

describe('card checks', () => {
  it.each([
    ['4242424242424242', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['378282246310005', 'amex'],
    ['6011111111111117', 'discover'],
    ['3056930009020004', 'diners'],
    ['3566002020360505', 'jcb'],
    ['6200000000000005', 'unionpay'],
    ['9999999999999995', 'unknown'],
  ])('reads %s as %s', (number, brand) => {
    expect(cardBrandOf(number)).toBe(brand);
  });

  it('checks the Luhn digit', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('378282246310005')).toBe(true);
  });
});
