import type { BoostOrder, QueueOrder } from '@floorfill/shared';

/** Each queue order as the booth names it (`QUEUE_ORDERS` in shared says what each does). */
export const QUEUE_ORDER_NAMES: Record<QueueOrder, string> = {
  most_requested: 'Most requested first',
  first_come: 'First come, first served',
  fair_share: 'Fair share, in turns',
};

/** How boosts move songs, as the booth names it (`BOOST_ORDERS` in shared). */
export const BOOST_ORDER_NAMES: Record<BoostOrder, string> = {
  off: 'Off',
  orders: 'Boosts order the queue',
  ties: 'Boosts break ties',
};

/** The order in force, as the booth shows it above up next. */
export function queueOrderName(order: QueueOrder, boost: BoostOrder): string {
  const name = QUEUE_ORDER_NAMES[order];
  return boost === 'off' ? name : `${name} · ${BOOST_ORDER_NAMES[boost]}`;
}
