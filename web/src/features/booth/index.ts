/** What other features and the app may use of the booth; everything else here is private. */
export { BoothView } from './components/booth-view';
export { LazyNightSummary } from './components/lazy-night-summary';
export { WhoIsHere } from './components/who-is-here';
