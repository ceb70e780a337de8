import { Alert, Anchor } from '@mantine/core';
import { Link } from 'react-router-dom';

/** A code screen opened without `?email=` cannot work; say so and offer the way back. */
export function MissingEmail({ backTo, backLabel }: { backTo: string; backLabel: string }) {
  return (
    <Alert color="red" title="Email address missing">
      This page needs the email address the code was sent to.{' '}
      <Anchor component={Link} to={backTo} inherit fw={600}>
        {backLabel}
      </Anchor>
    </Alert>
  );
}
