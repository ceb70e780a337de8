/** A song as a button's accessible name says it: "Title by Artist", or the title alone. */
export function songLabel(song: { song_name: string; song_artist?: string | null }): string {
  return song.song_artist ? `${song.song_name} by ${song.song_artist}` : song.song_name;
}
