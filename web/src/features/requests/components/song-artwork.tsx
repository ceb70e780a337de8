// The one song artwork of the app lives with the shared UI pieces (the booth, the big
// screen and the host's queue draw it too); the request screens import it from here.
export { SongArtwork } from '@/components/ui/song-artwork';
