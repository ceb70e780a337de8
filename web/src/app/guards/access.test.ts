import { MSG, ROLE } from '@floorfill/shared';
import { describe, expect, it } from 'vitest';
import { homePathFor, resolveAppAccess, resolveAuthAccess } from './access';

const at = (url: string) => {
  const { pathname, search } = new URL(url, 'http://localhost');
  return { pathname, search };
};

describe('signed-in areas without a session', () => {
  it('sends the visitor to login and remembers the wanted page with its query', () => {
    expect(resolveAppAccess(at('/host/event/5?tab=requests'), null)).toEqual({
      kind: 'redirect',
      to: '/auth/login',
      savePath: '/host/event/5?tab=requests',
    });
  });

  it('sends an old event link carrying its code to the event landing, not to login', () => {
    expect(resolveAppAccess(at('/attendee/event/9?qr=y&code=K7WQ2M'), null)).toEqual({
      kind: 'redirect',
      to: '/e/K7WQ2M',
    });
  });

  it('keeps qr=y: the saved page keeps it and login gets ?qr=y (guest login offered)', () => {
    expect(resolveAppAccess(at('/attendee/event/9?qr=y'), null)).toEqual({
      kind: 'redirect',
      to: '/auth/login?qr=y',
      savePath: '/attendee/event/9?qr=y',
    });
  });

  it('warns to log in and scan again for qr=true, without offering guest login', () => {
    expect(resolveAppAccess(at('/attendee/event/9?qr=true'), null)).toEqual({
      kind: 'redirect',
      to: '/auth/login',
      savePath: '/attendee/event/9?qr=true',
      toast: { kind: 'error', message: MSG.pleaseLoginAndScan },
    });
  });
});

describe('roles', () => {
  it('lets a host into /host and an attendee into /attendee', () => {
    expect(resolveAppAccess(at('/host/dashboard'), ROLE.host)).toEqual({ kind: 'allow' });
    expect(resolveAppAccess(at('/host/event/3'), ROLE.host)).toEqual({ kind: 'allow' });
    expect(resolveAppAccess(at('/attendee/profile/edit'), ROLE.attendee)).toEqual({
      kind: 'allow',
    });
  });

  it('sends a wrong role to its own dashboard', () => {
    expect(resolveAppAccess(at('/attendee/dashboard'), ROLE.host)).toEqual({
      kind: 'redirect',
      to: '/host/dashboard',
    });
    expect(resolveAppAccess(at('/host/event'), ROLE.attendee)).toEqual({
      kind: 'redirect',
      to: '/attendee/dashboard',
    });
  });

  it('lets a guest open only an attendee event and a host profile', () => {
    expect(resolveAppAccess(at('/attendee/event/12'), ROLE.guest)).toEqual({ kind: 'allow' });
    expect(resolveAppAccess(at('/attendee/host-profile/4'), ROLE.guest)).toEqual({ kind: 'allow' });
  });

  it.each([
    '/attendee/dashboard',
    '/attendee/profile',
    '/attendee/profile/edit',
    '/host/dashboard',
  ])('asks a guest to register instead of opening %s', (path) => {
    expect(resolveAppAccess(at(path), ROLE.guest)).toEqual({
      kind: 'redirect',
      to: '/auth/register',
      toast: { kind: 'error', message: MSG.pleaseRegister },
    });
  });

  it('does not mistake a longer path for a guest route', () => {
    expect(resolveAppAccess(at('/attendee/event/12/edit'), ROLE.guest)).toMatchObject({
      kind: 'redirect',
    });
  });
});

describe('home and the auth area', () => {
  it('maps / by role: nobody to login, host to host dashboard, others to attendee dashboard', () => {
    expect(homePathFor(null)).toBe('/auth/login');
    expect(homePathFor(ROLE.host)).toBe('/host/dashboard');
    expect(homePathFor(ROLE.attendee)).toBe('/attendee/dashboard');
    expect(homePathFor(ROLE.guest)).toBe('/attendee/dashboard');
  });

  it('sends signed-in accounts away from /auth but lets guests register or log in', () => {
    expect(resolveAuthAccess(null)).toEqual({ kind: 'allow' });
    expect(resolveAuthAccess(ROLE.guest)).toEqual({ kind: 'allow' });
    expect(resolveAuthAccess(ROLE.host)).toEqual({ kind: 'redirect', to: '/host/dashboard' });
    expect(resolveAuthAccess(ROLE.attendee)).toEqual({
      kind: 'redirect',
      to: '/attendee/dashboard',
    });
  });
});
