/** What other features may use of wallets; everything else here is private. */
export { useWallet } from './api/wallet';
export { cardBrandName } from './utils/card-summary';
