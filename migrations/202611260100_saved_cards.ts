import type { Kysely } from 'kysely';

/**
 * Cards saved at Stripe (issue 13, row 15): the attendee's Stripe Customer
 * and the PaymentMethod a SetupIntent saved on it. Only its id is stored
 * beside the brand, last 4 digits and expiry already kept; the card itself
 * stays at Stripe.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and untyped by design
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('stripe_customer_id', 'text', (c) => c.unique())
    .addColumn('stripe_payment_method_id', 'text')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .dropColumn('stripe_payment_method_id')
    .dropColumn('stripe_customer_id')
    .execute();
}
