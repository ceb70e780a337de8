import { BRAND_NAME } from '@floorfill/shared';
import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { RouteOutlet } from './route-outlet';
import { ColorSchemeControl } from '@/components/ui/color-scheme-control';
import { LegalLinks } from '@/components/ui/legal-links';
import { LogoLink } from '@/components/ui/logo';
import classes from './auth-layout.module.css';

const BAR_HEIGHTS = [45, 80, 60, 100, 70, 90, 50, 75];

/** Sign-in screens: a brand panel beside the form (the panel gives way on phones). */
export function AuthLayout() {
  return (
    <div className={classes.root}>
      <aside className={classes.brand} aria-label={`About ${BRAND_NAME}`}>
        <LogoLink tone="light" size="lg" />
        <p className={classes.pitch}>
          <span className={classes.pitchLead}>Keep the floor full.</span>
          Request the next song from your phone, tip the DJ and rate the night.
        </p>
        <div className={classes.bars} aria-hidden="true">
          {BAR_HEIGHTS.map((height, index) => (
            <span
              key={index}
              className={classes.bar}
              style={{ height: `${height}%`, animationDelay: `${index * 0.17}s` }}
            />
          ))}
        </div>
      </aside>
      <div className={classes.content}>
        <header className={classes.header}>
          <div className={classes.mobileLogo}>
            <LogoLink />
          </div>
          <ColorSchemeControl />
        </header>
        <main className={classes.main}>
          <RouteOutlet />
        </main>
        <footer className={classes.footer}>
          <LegalLinks />
        </footer>
      </div>
    </div>
  );
}

interface AuthPageProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}

/** The card of one auth screen: heading, a line of help, the form. */
export function AuthPage({ title, subtitle, children }: AuthPageProps) {
  return (
    <Paper className={classes.card} withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {title}
          </Title>
          {subtitle ? <Text c="dimmed">{subtitle}</Text> : null}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
