/** What other features may use of ratings; everything else here is private. */
export { RateHostCard } from './components/rate-host-card';
