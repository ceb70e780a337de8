/** What the app may use of the big screen; everything else here is private. */
export { DisplayScreen } from './components/display-screen';
