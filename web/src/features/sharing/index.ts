/** What other features may use of sharing; everything else here is private. */
export { QrShareModal } from './components/qr-share-modal';
export { isOnlyThisComputer, LocalAddressNote } from './components/local-address-note';
export { copyWithToast } from './utils/clipboard';
