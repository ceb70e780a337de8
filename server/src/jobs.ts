import type { AppContext } from './infra/context.ts';
import type { JobHandlers } from './infra/queue.ts';

/** What each background job does. Runs in the app process or in `npm run worker`. */
export function jobHandlers(ctx: AppContext): JobHandlers {
  return {
    'mail:send': async (message) => {
      await ctx.mail.send(message);
    },
  };
}
