import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, loadConfig, type Config } from '../config.ts';

/** The configuration, or a clear message naming what is wrong and exit code 1 (no stack trace). */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Floorfill cannot start. ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * On SIGTERM or SIGINT run `stop` once, then exit 0; exit 1 when it throws or
 * has not finished within `timeoutMs` (an orchestrator kills the process soon
 * after anyway, and a hung shutdown must not keep a node half alive). A
 * second signal while stopping is logged and otherwise ignored.
 */
export function exitGracefullyOnSignals(
  logger: FastifyBaseLogger,
  timeoutMs: number,
  stop: () => Promise<void>,
): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, 'already shutting down');
      return;
    }
    stopping = true;
    logger.info({ signal, timeoutMs }, 'shutting down');
    // Not unref'd: if a step hangs with nothing else alive, this still ends the process with 1.
    const deadline = setTimeout(() => {
      logger.error({ timeoutMs }, 'shutdown did not finish in time, exiting');
      process.exit(1);
    }, timeoutMs);
    stop().then(
      () => {
        clearTimeout(deadline);
        logger.info('shut down cleanly');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
