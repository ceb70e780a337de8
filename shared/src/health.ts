import { z } from 'zod';

/** Contracts of the health checks that balancers and Docker ask (not in the spec). */

/** /healthz: the process answers. */
export const livenessData = z.object({ uptime_seconds: z.number().int() });

/** /readyz: the database and Redis answer too; a 503 names what failed under `data.failing`. */
export const readinessData = z.object({
  database: z.enum(['postgres', 'pglite']),
  redis: z.boolean(),
});
