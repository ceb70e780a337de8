import type { QueueOrder } from '@floorfill/shared';

/** Each queue order as the booth names it (`QUEUE_ORDERS` in shared says what each does). */
export const QUEUE_ORDER_NAMES: Record<QueueOrder, string> = {
  most_requested: 'Most requested first',
  first_come: 'First come, first served',
  fair_share: 'Fair share, in turns',
};
