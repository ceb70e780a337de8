import { BRAND_NAME } from '@floorfill/shared';
import { Group, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import classes from './logo.module.css';

interface LogoProps {
  /** `light` for the always-dark brand panel, `dark` for the app's own surfaces (light or dark). */
  tone?: 'light' | 'dark';
  size?: 'sm' | 'lg';
}

/** The wordmark: four equaliser bars and the brand name. */
export function Logo({ tone = 'dark', size = 'sm' }: LogoProps) {
  const mark = size === 'lg' ? 40 : 28;
  return (
    <Group gap={size === 'lg' ? 'sm' : 'xs'} wrap="nowrap">
      <svg width={mark} height={mark} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill={tone === 'light' ? '#ffffff' : '#5b21b6'} />
        <g fill={tone === 'light' ? '#5b21b6' : '#ffffff'}>
          <rect x="7" y="16" width="3" height="9" rx="1.5" />
          <rect x="12.5" y="9" width="3" height="16" rx="1.5" />
          <rect x="23.5" y="7" width="3" height="18" rx="1.5" />
        </g>
        <rect x="18" y="12" width="3" height="13" rx="1.5" fill="#c026d3" />
      </svg>
      <Text
        component="span"
        fw={800}
        fz={size === 'lg' ? 28 : 20}
        lh={1}
        {...(tone === 'light' ? { c: 'white' } : { className: classes.onSurface })}
      >
        {BRAND_NAME}
      </Text>
    </Group>
  );
}

/** The wordmark as the way home (spec §2 "logo link"). */
export function LogoLink(props: LogoProps) {
  return (
    <Link to={paths.home.getHref()} style={{ textDecoration: 'none', display: 'inline-flex' }}>
      <Logo {...props} />
    </Link>
  );
}
