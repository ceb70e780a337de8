import { sql, type Kysely } from 'kysely';

/**
 * The whole schema of spec §3 in one step: accounts and their codes and
 * sessions, events and attendance, song requests, ratings, tips and webhook
 * bookkeeping, social platforms and the song catalog.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and untyped by design
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text')
    .addColumn('email', 'text')
    .addColumn('email_verified_at', 'timestamptz')
    .addColumn('password_hash', 'text')
    .addColumn('is_guest', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('phone', 'text')
    .addColumn('bio', 'text')
    .addColumn('date_of_birth', 'date')
    .addColumn('gender', 'text', (c) => c.check(sql`gender in ('male', 'female')`))
    .addColumn('address', 'text')
    .addColumn('zip', 'text')
    .addColumn('city', 'text')
    .addColumn('state', 'text')
    .addColumn('country', 'text')
    .addColumn('default_login', 'smallint', (c) =>
      c
        .notNull()
        .defaultTo(3)
        .check(sql`default_login in (2, 3)`),
    )
    .addColumn('profile_image_path', 'text')
    .addColumn('cover_photo_path', 'text')
    .addColumn('social_links', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    // Ratings are kept as an exact sum and count; the average is derived on read.
    .addColumn('rating_sum', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rating_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stripe_account_id', 'text')
    .addColumn('stripe_account_status', 'text')
    .addColumn('stripe_account_is_demo', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('stripe_public_key', 'text')
    // AES-256-GCM ciphertext (iv:tag:data, base64); the plain key is never stored or returned.
    .addColumn('stripe_secret_key_encrypted', 'text')
    // Card data kept under PCI DSS limits: brand, last 4 and expiry only.
    .addColumn('card_brand', 'text')
    .addColumn('card_last4', 'text', (c) => c.check(sql`card_last4 ~ '^[0-9]{4}$'`))
    .addColumn('card_exp_month', 'smallint', (c) => c.check(sql`card_exp_month between 1 and 12`))
    .addColumn('card_exp_year', 'smallint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'users_member_has_login',
      sql`is_guest or (email is not null and password_hash is not null)`,
    )
    .execute();
  await sql`create unique index users_email_unique on users (lower(email)) where email is not null`.execute(
    db,
  );

  // Email verification and password reset codes: hashed, single use, expiring, attempt-counted.
  await db.schema
    .createTable('auth_codes')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) =>
      c.notNull().check(sql`purpose in ('email_verification', 'password_reset')`),
    )
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('consumed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('auth_codes_user_purpose')
    .on('auth_codes')
    .columns(['user_id', 'purpose', 'created_at'])
    .execute();

  // When a code was last asked for, per email and kind, whether or not the email
  // has an account: throttling answers the same for both, so it reveals nothing.
  await db.schema
    .createTable('code_requests')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('last_sent_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('code_requests_pk', ['email', 'purpose'])
    .execute();

  // One row per issued token (its jti); revoking a session is setting revoked_at.
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('host_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('start_time', 'timestamptz', (c) => c.notNull())
    .addColumn('end_time', 'timestamptz', (c) => c.notNull())
    .addColumn('address', 'text')
    .addColumn('zip', 'text')
    .addColumn('city', 'text')
    .addColumn('state', 'text')
    .addColumn('country', 'text')
    .addColumn('banner_path', 'text')
    .addColumn('code', 'text', (c) => c.notNull())
    // Bumped in every write's transaction; pushes carry it so clients can spot a gap.
    .addColumn('seq', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('events_time_order', sql`end_time >= start_time`)
    .execute();
  await sql`create unique index events_live_code_unique on events (upper(code)) where deleted_at is null`.execute(
    db,
  );
  await sql`create index events_host_start on events (host_id, start_time) where deleted_at is null`.execute(
    db,
  );

  await db.schema
    .createTable('event_attendees')
    .addColumn('event_id', 'integer', (c) =>
      c.notNull().references('events.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('joined_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('event_attendees_pk', ['event_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('event_attendees_user')
    .on('event_attendees')
    .column('user_id')
    .execute();

  // One row per attendee and song; the host sees them grouped by song_id.
  await db.schema
    .createTable('song_requests')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('event_id', 'integer', (c) =>
      c.notNull().references('events.id').onDelete('cascade'),
    )
    .addColumn('attendee_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('song_id', 'text', (c) => c.notNull())
    .addColumn('song_name', 'text', (c) => c.notNull())
    .addColumn('song_artist', 'text')
    .addColumn('album_name', 'text', (c) => c.notNull().defaultTo('N/A'))
    .addColumn('song_image', 'text')
    .addColumn('song_link', 'text')
    .addColumn('song_duration', 'integer', (c) => c.notNull().defaultTo(5))
    .addColumn('status', 'smallint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`status in (0, 1)`),
    )
    .addColumn('played_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('song_requests_one_per_attendee', ['event_id', 'attendee_id', 'song_id'])
    .execute();
  await db.schema
    .createIndex('song_requests_event_song')
    .on('song_requests')
    .columns(['event_id', 'song_id'])
    .execute();
  await db.schema
    .createIndex('song_requests_attendee')
    .on('song_requests')
    .column('attendee_id')
    .execute();

  await db.schema
    .createTable('ratings')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('host_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('attendee_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('event_id', 'integer', (c) => c.references('events.id').onDelete('set null'))
    .addColumn('rating', 'smallint', (c) => c.notNull().check(sql`rating between 1 and 5`))
    .addColumn('feedback', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index ratings_one_per_event on ratings (host_id, attendee_id, event_id) nulls not distinct`.execute(
    db,
  );

  // One row per checkout session. Money in integer cents. Tips outlive events and guests.
  await db.schema
    .createTable('tips')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('checkout_session_id', 'text', (c) => c.notNull().unique())
    .addColumn('payment_intent_id', 'text')
    .addColumn('host_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('event_id', 'integer', (c) => c.references('events.id').onDelete('set null'))
    .addColumn('attendee_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('attendee_name', 'text')
    .addColumn('attendee_type', 'smallint', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) =>
      c.notNull().check(sql`amount_cents between 100 and 10000`),
    )
    .addColumn('platform_fee_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('usd'))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending', 'paid', 'expired', 'refunded')`),
    )
    .addColumn('is_demo', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('return_path', 'text')
    .addColumn('paid_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('tips_host').on('tips').columns(['host_id', 'status']).execute();

  // Each Stripe event id is processed once, however often it is delivered.
  await db.schema
    .createTable('processed_webhook_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('processed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('social_platforms')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('icon_slug', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('catalog_songs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('artist', 'text', (c) => c.notNull())
    .addColumn('album', 'text', (c) => c.notNull())
    .addColumn('year', 'smallint')
    .addColumn('genre', 'text')
    .addColumn('duration_seconds', 'integer', (c) => c.notNull())
    .addColumn('search', sql`tsvector`, (c) =>
      c
        .generatedAlwaysAs(sql`to_tsvector('simple', title || ' ' || artist || ' ' || album)`)
        .stored(),
    )
    .execute();
  await sql`create index catalog_songs_search on catalog_songs using gin (search)`.execute(db);

  // Mail kept for developers when no SMTP_URL is set (never in production).
  await db.schema
    .createTable('dev_outbox')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('to', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index dev_outbox_to on dev_outbox (lower("to"), created_at desc)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'dev_outbox',
    'catalog_songs',
    'social_platforms',
    'processed_webhook_events',
    'tips',
    'ratings',
    'song_requests',
    'event_attendees',
    'events',
    'sessions',
    'code_requests',
    'auth_codes',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
