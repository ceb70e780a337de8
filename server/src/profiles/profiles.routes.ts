import {
  PROFILE_MSG,
  socialLinkSchema,
  socialPlatformSchema,
  updateProfileShape,
  updateSocialLinksBody,
  userDetailsQuery,
  userDetailsSchema,
} from '@floorfill/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { membersOnly, requireMember, requireSession, signedInOnly } from '../auth/auth.plugin.ts';
import { assertSameUser } from '../events/identity.ts';
import { ok } from '../http/envelope.ts';
import { notFound } from '../http/errors.ts';
import { envelopes, errorResponses, mediaResponse } from '../http/responses.ts';
import {
  answerOversizedUploadsAsFieldErrors,
  IMAGE_FORM_ROUTE,
  DATA_URL_MAX_CHARS,
  imageInputField,
  prepareImageField,
} from '../uploads/image-input.ts';
import { createUploadStore, withStoredUploads } from '../uploads/upload-store.ts';
import type { ProfileImagePaths } from './profiles.service.ts';
import { socialIconSvg } from './social-icons.ts';

/** update-host-profile: the form's fields plus optional image files (or data URLs). */
const updateProfileBody = z.object({
  ...updateProfileShape,
  profile_image: imageInputField,
  cover_photo: imageInputField,
});

/** A JSON body may carry both images as data URLs. */
const UPDATE_PROFILE_BODY_LIMIT = 2 * DATA_URL_MAX_CHARS + 64 * 1024;

/** Logos change only with a simple-icons upgrade. */
const ICON_CACHE = 'public, max-age=2592000';

/** Profiles (own and others'), social links, the platform list and its logos. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app.ctx;
  const { profiles } = app.services;
  const uploads = createUploadStore(config.dataDir, app.log);
  answerOversizedUploadsAsFieldErrors(app);
  const tags = ['Profiles'];

  // Guests may look at a host's profile (spec §6); only one's own profile carries `private`.
  app.get(
    '/api/v1/get-user-details',
    {
      onRequest: signedInOnly,
      schema: {
        tags,
        summary: "A profile; `private` only on one's own",
        querystring: userDetailsQuery,
        response: envelopes({ 200: userDetailsSchema }),
      },
    },
    async (request) => {
      const session = requireSession(request);
      assertSameUser(session, request.query.attendee_id);
      const details = await profiles.details(db, session.userId, request.query.id);
      if (!details) throw notFound(PROFILE_MSG.notFound);
      return ok('', details);
    },
  );

  app.post(
    '/api/v1/update-host-profile',
    {
      onRequest: membersOnly,
      schema: {
        tags,
        summary: "Update the caller's profile (images as files or data URLs)",
        body: updateProfileBody,
        response: envelopes({ 200: userDetailsSchema }),
      },
      bodyLimit: UPDATE_PROFILE_BODY_LIMIT,
      config: IMAGE_FORM_ROUTE,
    },
    async (request) => {
      const session = requireMember(request);
      const { id, profile_image, cover_photo, ...form } = request.body;
      assertSameUser(session, id);
      // Both images are checked before either is stored, so a bad second file leaves nothing behind.
      const profileWebp = await prepareImageField(profile_image, 'profile_image', 'profile_image');
      const coverWebp = await prepareImageField(cover_photo, 'cover_photo', 'cover_photo');
      const images: ProfileImagePaths = {};
      if (profileWebp) images.profile_image_path = await uploads.save('profile_image', profileWebp);
      if (coverWebp) images.cover_photo_path = await uploads.save('cover_photo', coverWebp);
      const stored = [images.profile_image_path, images.cover_photo_path];

      const result = await withStoredUploads(uploads, stored, () =>
        db.transaction().execute((trx) => profiles.update(trx, session.userId, form, images)),
      );
      if (!result) {
        await Promise.all(stored.map((storedPath) => uploads.remove(storedPath)));
        throw notFound(PROFILE_MSG.notFound);
      }
      await Promise.all(result.replaced.map((replacedPath) => uploads.remove(replacedPath)));
      const details = await profiles.details(db, session.userId, session.userId);
      if (!details) throw notFound(PROFILE_MSG.notFound);
      return ok(PROFILE_MSG.updated, details);
    },
  );

  app.post(
    '/api/v1/update-social-links',
    {
      onRequest: membersOnly,
      schema: {
        tags,
        summary: "Replace the caller's social links (empty links are dropped)",
        body: updateSocialLinksBody,
        response: envelopes({ 200: z.array(socialLinkSchema) }),
      },
    },
    async (request) => {
      const session = requireMember(request);
      assertSameUser(session, request.body.user_id);
      const links = await db
        .transaction()
        .execute((trx) => profiles.saveSocialLinks(trx, session.userId, request.body.social_links));
      return ok(PROFILE_MSG.socialLinksUpdated, links);
    },
  );

  app.get(
    '/api/v1/all-social-link-list',
    {
      onRequest: signedInOnly,
      schema: {
        tags,
        summary: 'The social platforms a link can be for',
        response: envelopes({ 200: z.array(socialPlatformSchema) }),
      },
    },
    async () => ok('', await profiles.platforms(db)),
  );

  // Public: logos are brand artwork from simple-icons, shown on public profile pages.
  app.get(
    '/api/social-icons/:slug.svg',
    {
      schema: {
        tags,
        summary: "A social platform's logo (public)",
        params: z.object({ slug: z.string() }),
        response: {
          200: mediaResponse('image/svg+xml', 'The logo in its brand colour.', z.string()),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const svg = socialIconSvg(request.params.slug);
      if (!svg) throw notFound();
      return reply
        .header('content-type', 'image/svg+xml')
        .header('cache-control', ICON_CACHE)
        .send(svg);
    },
  );
};
