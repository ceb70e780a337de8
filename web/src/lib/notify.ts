import { notifications } from '@mantine/notifications';

/**
 * Toasts of spec §8. Position and auto-close are set once on the provider;
 * an `id` collapses repeats of the same message (a guard and a page firing
 * the same warning, or React's development double effects).
 */

export function notifySuccess(message: string): void {
  notifications.show({ id: `success:${message}`, message, color: 'teal' });
}

export function notifyError(message: string): void {
  notifications.show({ id: `error:${message}`, message, color: 'red' });
}

export function notifyInfo(message: string): void {
  notifications.show({ id: `info:${message}`, message });
}
