/** What other features may use of payments; everything else here is private. */
export { TipHostCard } from './components/tip-host-card';
