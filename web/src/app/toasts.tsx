import '@mantine/notifications/styles.layer.css';
import { Notifications } from '@mantine/notifications';
import { notificationsConfig } from './theme';

/** Where toasts appear (spec §8); a chunk of its own, mounted lazily by the provider. */
export function Toasts() {
  return (
    <Notifications
      position={notificationsConfig.position}
      autoClose={notificationsConfig.autoClose}
    />
  );
}
