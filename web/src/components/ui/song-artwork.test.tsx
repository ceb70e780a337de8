import { getThemeColor, luminance, useMantineTheme, type MantineTheme } from '@mantine/core';
import { fireEvent } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { SongArtwork } from './song-artwork';
import { PLACEHOLDER_COLORS, placeholderColor, songInitials } from './song-placeholder';

/** WCAG contrast of white on a colour. */
function contrastWithWhite(color: string): number {
  return 1.05 / (luminance(color) + 0.05);
}

describe('the song artwork placeholder', () => {
  it('shows the initials of the first two words of the title', () => {
    expect(songInitials('Bohemian Rhapsody')).toBe('BR');
    expect(songInitials('99 Luftballons')).toBe('9L');
    expect(songInitials('Hello')).toBe('H');
    expect(songInitials("Don't Stop Me Now")).toBe('DS');
    expect(songInitials('The Less I Know the Better')).toBe('LI');
    expect(songInitials('The Boxer')).toBe('TB');
    expect(songInitials('émotion (remix)')).toBe('ÉR');
    expect(songInitials('!!!')).toBe('');
  });

  it('gives a song the same colour every time, and different songs different colours', () => {
    expect(placeholderColor('cat-1204')).toBe(placeholderColor('cat-1204'));
    const colours = new Set(
      Array.from({ length: 40 }, (_, index) => placeholderColor(`cat-${index}`)),
    );
    expect(colours.size).toBeGreaterThan(5);
  });

  it('keeps white initials at 4.5:1 or more on every colour it picks', () => {
    // The app's theme (its brand violet included), as the provider hands it to components.
    let mantineTheme: MantineTheme | null = null;
    function ThemeProbe() {
      mantineTheme = useMantineTheme();
      return null;
    }
    renderWithProviders(<ThemeProbe />);
    if (!mantineTheme) throw new Error('no theme');
    for (const color of PLACEHOLDER_COLORS) {
      const hex = getThemeColor(color, mantineTheme);
      expect(contrastWithWhite(hex), color).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('draws the initials when the song has no artwork, hidden from screen readers', () => {
    const { container } = renderWithProviders(
      <SongArtwork src={null} songId="cat-7" title="Bohemian Rhapsody" />,
    );
    const avatar = container.querySelector('.mantine-Avatar-root');
    expect(avatar).toHaveAttribute('aria-hidden', 'true');
    expect(avatar).toHaveTextContent('BR');
    expect(container.querySelector('img')).toBeNull();
  });

  it('falls back to the initials when the artwork fails to load', () => {
    const { container } = renderWithProviders(
      <SongArtwork src="https://is1-ssl.mzstatic.com/gone.jpg" songId="x" title="Take On Me" />,
    );
    const image = container.querySelector('img');
    expect(image).not.toBeNull();
    expect(image).toHaveAttribute('alt', '');
    fireEvent.error(image as HTMLImageElement);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('.mantine-Avatar-root')).toHaveTextContent('TO');
  });

  it('shows a music note when it is not told the title', () => {
    const { container } = renderWithProviders(<SongArtwork src={null} />);
    expect(container.querySelector('svg')).not.toBeNull();
  });
});
