import {
  cardBrandOf,
  cardFormSchema,
  cardSummaryOf,
  MSG,
  passesLuhn,
  WALLET_MSG,
} from '@floorfill/shared';
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

/**
 * A card secret standing alone in a text. Four digits turn up by chance
 * inside the numbers that logs and rows are full of (a timestamp's
 * milliseconds, a response time, a hex id), so only a secret that no digit,
 * letter or decimal point runs into counts: how a leaked field would read
 * (`"stripe_cvc":"7391"`, `cvc=7391`).
 */
const standingAlone = (secret: string) => new RegExp(`(?<![\\w.])${secret}(?!\\w)`);

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

/** What the web app sends of a card: its summary, computed in the browser. */
const validCard = (overrides: Record<string, unknown> = {}) => ({
  card_brand: 'visa',
  card_last4: '4242',
  card_exp_month: 4,
  card_exp_year: nextYear,
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
      data: {
        card_brand: 'visa',
        card_last4: '4242',
        card_exp_month: 4,
        card_exp_year: nextYear,
        saved_at_stripe: false,
      },
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

  it('refuses a card number or CVC outright, stores and logs neither, and keeps the old card', async () => {
    const attendee = await signIn(t, { defaultLogin: 3 });
    expect(
      (await saveCard(attendee, validCard({ card_brand: 'amex', card_last4: '0005' }))).statusCode,
    ).toBe(200);
    const logsBefore = logLines.length;
    for (const legacy of [
      { stripe_card_number: AMEX },
      { stripe_cvc: CVC },
      // The spec's old form, as its clients posted it.
      {
        stripe_card_number: VISA,
        stripe_cvc: CVC,
        stripe_expiry_month: '04',
        stripe_expiry_year: String(nextYear),
      },
    ]) {
      const refused = await saveCard(attendee, { ...validCard(), ...legacy });
      expect(refused.statusCode).toBe(422);
      expect(JSON.stringify(refused.json().errors)).toContain(WALLET_MSG.cardDataRefused);
      expect(refused.body).not.toMatch(standingAlone(AMEX));
      expect(refused.body).not.toMatch(standingAlone(CVC));
    }

    const everything = await databaseText();
    for (const secret of [AMEX, VISA, CVC]) expect(everything).not.toMatch(standingAlone(secret));
    // The summary is there, so the dump did reach the users table.
    expect(everything).toContain('amex');
    const logs = logLines.slice(logsBefore).join('');
    expect(logs).toContain('update-attendee-profile-wallet');
    for (const secret of [AMEX, VISA, CVC]) expect(logs).not.toMatch(standingAlone(secret));
  });

  it('redacts card fields should anything ever log a body', () => {
    const before = logLines.length;
    t.app.log.info({ body: { stripe_card_number: VISA, stripe_cvc: CVC } }, 'a careless log');
    const line = logLines.slice(before).join('');
    expect(line).toContain('a careless log');
    expect(line).not.toMatch(standingAlone(VISA));
    expect(line).not.toMatch(standingAlone(CVC));
  });

  it.each([
    [{ card_last4: '424' }, 'card_last4', WALLET_MSG.last4Invalid],
    [{ card_last4: '42a2' }, 'card_last4', WALLET_MSG.last4Invalid],
    [{ card_brand: 'bitcoin' }, 'card_brand', WALLET_MSG.brandInvalid],
    [{ card_exp_month: 13 }, 'card_exp_month', WALLET_MSG.expiryMonthInvalid],
    [{ card_exp_month: 0 }, 'card_exp_month', WALLET_MSG.expiryMonthInvalid],
    [{ card_exp_year: 2020 }, 'card_exp_year', WALLET_MSG.cardExpired],
    [{ card_exp_year: 202 }, 'card_exp_year', WALLET_MSG.expiryYearInvalid],
    [{ card_exp_year: nextYear + 40 }, 'card_exp_year', WALLET_MSG.expiryYearInvalid],
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

  it('takes a card that expires this month', async () => {
    const now = new Date();
    const attendee = await signIn(t, { defaultLogin: 3 });
    const res = await saveCard(
      attendee,
      validCard({ card_exp_month: now.getUTCMonth() + 1, card_exp_year: now.getUTCFullYear() }),
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

  it('turns a checked card form into its summary, a two-digit year into 20YY, without the number', () => {
    const form = cardFormSchema.parse({
      stripe_card_number: '3782 822463 10005',
      stripe_expiry_month: '04',
      stripe_expiry_year: String(nextYear % 100).padStart(2, '0'),
    });
    const summary = cardSummaryOf(form);
    expect(summary).toEqual({
      card_brand: 'amex',
      card_last4: '0005',
      card_exp_month: 4,
      card_exp_year: nextYear,
    });
    expect(JSON.stringify(summary)).not.toContain('378282');
    expect(
      cardFormSchema.safeParse({ ...form, stripe_card_number: '4242424242424241' }).success,
    ).toBe(false);
  });

  it('checks the Luhn digit', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('378282246310005')).toBe(true);
  });
});
