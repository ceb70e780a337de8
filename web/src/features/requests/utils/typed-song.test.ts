import { describe, expect, it } from 'vitest';
import { splitTypedSong } from './typed-song';

describe('splitTypedSong', () => {
  it('reads "Title - Artist" as both', () => {
    expect(splitTypedSong('Wonderwall - Oasis')).toEqual({ title: 'Wonderwall', artist: 'Oasis' });
    expect(splitTypedSong('  Hey  Jude —  The Beatles ')).toEqual({
      title: 'Hey Jude',
      artist: 'The Beatles',
    });
  });

  it('splits at the last spaced dash', () => {
    expect(splitTypedSong('Song - Live Version - Band')).toEqual({
      title: 'Song - Live Version',
      artist: 'Band',
    });
  });

  it('keeps anything else as the title', () => {
    expect(splitTypedSong('oasis wonderwall')).toEqual({ title: 'oasis wonderwall', artist: null });
    expect(splitTypedSong('Ob-La-Di, Ob-La-Da')).toEqual({
      title: 'Ob-La-Di, Ob-La-Da',
      artist: null,
    });
    expect(splitTypedSong('Wonderwall - ')).toEqual({ title: 'Wonderwall -', artist: null });
  });
});
