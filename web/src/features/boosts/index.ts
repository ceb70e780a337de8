/** What other features may use of boosts; everything else here is private. */
export { RequestBoosts, type BoostOffer } from './components/request-boosts';
export { useOwnBoosts } from './utils/use-own-boosts';
