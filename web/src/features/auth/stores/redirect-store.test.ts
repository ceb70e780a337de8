import { describe, expect, it } from 'vitest';
import { sameSitePath } from './redirect-store';

describe('sameSitePath', () => {
  it('keeps a path of this site, with its query', () => {
    expect(sameSitePath('/e/AB12CD')).toBe('/e/AB12CD');
    expect(sameSitePath('/h/7?k=abc')).toBe('/h/7?k=abc');
  });

  it.each([
    ['nothing', null],
    ['another origin', 'https://evil.example/e/AB12CD'],
    ['a protocol-relative address', '//evil.example/e/AB12CD'],
    ['a backslash that browsers read as a slash', '/\\evil.example'],
    ['a control character', '/e/AB\n12'],
    ['a relative path', 'e/AB12CD'],
    ['a script address', 'javascript:alert(1)'],
  ])('refuses %s', (_what, value) => {
    expect(sameSitePath(value)).toBeNull();
  });
});
