import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { constants as zlib } from 'node:zlib';
import type { TrustProxy } from './config.ts';
import type { AppContext } from './infra/context.ts';
import { contractSerializerCompiler } from './http/contract-serializer.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { fieldError, HttpError } from './http/errors.ts';
import { registerInputGuard } from './http/input-guard.ts';
import { createOriginPolicy, registerSameOriginGuard } from './http/same-origin.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerWebApp } from './http/web-app.ts';
import overloadPlugin from './http/overload.plugin.ts';
import { IMAGE_UPLOAD_MAX_BYTES, MSG, REQUEST_ID_PATTERN } from '@floorfill/shared';
import { healthRoutes, type Readiness } from './health/health.routes.ts';
import metricsPlugin from './metrics/metrics.plugin.ts';
import openApiPlugin from './openapi/openapi.plugin.ts';
import authPlugin from './auth/auth.plugin.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { devRoutes } from './dev/dev.routes.ts';
import { catalogRoutes } from './catalog/catalog.routes.ts';
import { eventRoutes } from './events/events.routes.ts';
import { profileRoutes } from './profiles/profiles.routes.ts';
import { qrRoutes } from './qr/qr.routes.ts';
import { attendanceRoutes } from './attendance/attendance.routes.ts';
import { requestRoutes } from './requests/requests.routes.ts';
import { deckRoutes } from './decks/decks.routes.ts';
import { pushRoutes } from './push/push.routes.ts';
import { boostRoutes } from './boosts/boosts.routes.ts';
import { paymentRoutes } from './payments/payments.routes.ts';
import { ratingRoutes } from './ratings/ratings.routes.ts';
import { walletRoutes } from './wallets/wallets.routes.ts';
import { displayRoutes } from './display/display.routes.ts';
import { uploadsPlugin } from './uploads/uploads.plugin.ts';
import { attachRealtime, type Realtime } from './realtime/realtime.ts';
import { createRealtimePublisher } from './live-queue/queue-pushes.ts';
import { withPushNotices } from './push/push-notices.ts';
import { withBoostReviews } from './boosts/boost-reviews.ts';
import { createServices, type Services } from './services.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    realtime: Realtime;
    /** Every domain service, built once (services.ts); routes take theirs from here. */
    services: Services;
    /** main.ts marks it when shutdown begins; /readyz then answers 503. */
    readiness: Readiness;
  }
}

export const UPLOAD_MAX_BYTES = IMAGE_UPLOAD_MAX_BYTES;

const HEADERS_TIMEOUT_MS = 10_000;

/** A hop count as the function Fastify's types take (its runtime treats a number the same way). */
function fastifyTrustProxy(trust: TrustProxy) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/** Where Stripe.js lives, as Stripe's CSP guidance lists it (the wallet's card form, tips). */
const STRIPE_JS_SOURCES = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

export const FORM_TAKES_NO_FILES = 'This form takes no files.';

/** Build the whole app on a context; listening is main.ts's job. */
export async function buildApp(ctx: AppContext, logger: Logger): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    trustProxy: fastifyTrustProxy(ctx.config.trustProxy),
    bodyLimit: 1024 * 1024,
    // A client gets REQUEST_TIMEOUT_MS to send a whole request, and 10 s for its headers: a
    // sender of a few bytes a second no longer holds a connection forever (408, then closed).
    requestTimeout: ctx.config.requestTimeoutMs,
    http: {
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, ctx.config.requestTimeoutMs),
      // How often Node looks for requests past those times (its default is 30 s).
      connectionsCheckingInterval: Math.min(1000, ctx.config.requestTimeoutMs / 2),
    },
    // Idle between two requests on a keep-alive connection; longer than nginx's upstream keepalive (60 s).
    keepAliveTimeout: 72_000,
    // A socket silent this long is closed (WebSockets turn this off for themselves: they ping).
    connectionTimeout: 120_000,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(contractSerializerCompiler);
  app.decorate('ctx', ctx);
  app.decorate('readiness', { shuttingDown: false });
  registerErrorHandling(app);

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // A POST without a body is validated as an empty form, so every missing field is named.
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined || request.body === null) {
      if (request.method !== 'GET' && request.method !== 'HEAD') request.body = {};
    }
  });

  // Infrastructure plugins. The OpenAPI document goes first: it must see every route.
  await app.register(openApiPlugin);
  await app.register(metricsPlugin, { metrics: ctx.metrics, token: ctx.config.metricsToken });
  const stripeJs = ctx.config.payments.stripe?.publishableKey !== undefined;
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Song artwork only from the catalogs' image hosts (shared/src/artwork.ts), nothing else remote.
        imgSrc: [
          "'self'",
          'data:',
          'blob:',
          ...ctx.config.artworkHosts.map((host) => `https://${host}`),
        ],
        // Mantine writes its CSS variables in style tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Stripe.js (its script, card frames and API) only where cards are saved with Elements.
        // (index.html adds its own inline script by hash: http/web-app.ts.)
        scriptSrc: ["'self'", ...(stripeJs ? STRIPE_JS_SOURCES.script : [])],
        // The service worker (sw.js) and the web app manifest, both from this origin.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameSrc: ["'self'", ...(stripeJs ? STRIPE_JS_SOURCES.frame : [])],
        connectSrc: ["'self'", 'ws:', 'wss:', ...(stripeJs ? STRIPE_JS_SOURCES.connect : [])],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cookie);
  // Before anything reads the session: a state-changing request from another site goes no further.
  registerSameOriginGuard(app, createOriginPolicy(ctx.config.publicUrl));
  // Sheds requests (503) while this node is overloaded, before any of them queries the database.
  await app.register(overloadPlugin, { config: ctx.config.overload, pool: ctx.database.pool });
  await app.register(rateLimit, {
    global: false,
    ...(ctx.redis ? { redis: ctx.redis, nameSpace: `${ctx.config.redisPrefix}:rl:` } : {}),
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, MSG.tooManyRequests, {
        retry_after_seconds: Math.ceil(context.ttl / 1000),
      }),
  });
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 4, fields: 100, fieldSize: 64 * 1024 },
    // File parts are read only on the image forms (routes with `acceptsFiles`); anywhere
    // else the first one ends the request with a 422 before a byte of it is kept.
    async onFile(part) {
      if (!this.routeOptions.config.acceptsFiles) {
        part.file.resume();
        throw fieldError(part.fieldname, FORM_TAKES_NO_FILES);
      }
      await part.toBuffer();
    },
  });
  // After multipart (whose hook puts form fields in the body): no control character gets past.
  registerInputGuard(app);
  // Resolves request.session on every request (cookie or Bearer token).
  await app.register(authPlugin);

  // Realtime on the same HTTP server; on close, sockets are told to reconnect elsewhere first.
  const realtime = attachRealtime(app);
  app.decorate('realtime', realtime);
  app.addHook('preClose', async () => {
    realtime.drain();
    await realtime.close();
  });

  // Domain services, then their routes.
  // A committed queue write is pushed to the room's sockets and may call for phones' notices.
  app.decorate(
    'services',
    createServices(
      ctx,
      withBoostReviews(
        withPushNotices(createRealtimePublisher(realtime), ctx.queue, app.log),
        ctx.queue,
        app.log,
      ),
      app.log,
    ),
  );
  // The line each room hears after a queue write comes from the live queue.
  realtime.serveLineWith((eventId) => app.services.liveQueue.line(ctx.db, eventId));
  realtime.serveRejectedWith(
    async (eventId, attendeeId) =>
      (await app.services.liveQueue.ownRequests(ctx.db, eventId, attendeeId)).rejected,
  );
  // The API's routes, in a scope of their own so that only their answers are compressed.
  await app.register(async (api) => {
    // API answers of 4 KB or more go out compressed when the client takes it: the host's snapshot of a
    // busy event is ~180 KB of JSON and ~25 KB in brotli, and the booth laptop may sit on the venue's
    // Wi-Fi. Brotli quality 1 first: on that snapshot's real text (titles, artists, links) it costs half
    // of gzip level 1's CPU (~0.5 against ~1.1 ms) and comes out smaller; gzip 1 for a client that
    // takes no brotli (a browser on plain HTTP). Smaller answers (a song request's,
    // the session) go as they are: they fit one round trip either way, and compressing each would
    // cost the hot writes ~30 µs. Up to 512 KB it compresses in place, not through a stream.
    // Request bodies are never inflated: no client sends them compressed, and a small compressed body
    // must not grow past the body limit inside the server. The web app's pages and files are outside
    // this scope (http/web-app.ts): the build carries their compressed copies.
    await api.register(compress, {
      globalDecompression: false,
      encodings: ['br', 'gzip'],
      threshold: 4096,
      syncThreshold: 512 * 1024,
      zlibOptions: { level: 1 },
      brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 1 } },
    });
    await api.register(healthRoutes);
    await api.register(authRoutes);
    await api.register(eventRoutes);
    await api.register(attendanceRoutes);
    await api.register(requestRoutes);
    await api.register(paymentRoutes);
    await api.register(ratingRoutes);
    await api.register(walletRoutes);
    await api.register(profileRoutes);
    await api.register(catalogRoutes);
    await api.register(qrRoutes);
    await api.register(displayRoutes);
    await api.register(deckRoutes);
    await api.register(pushRoutes);
    await api.register(boostRoutes);
    await api.register(uploadsPlugin);
    if (ctx.config.devOutbox && !ctx.config.isProduction) await api.register(devRoutes);
  });

  await registerWebApp(app, ctx.config.webDistDir);

  return app;
}
