export { notify, notifySuccess, notifyFailure, NOTICE_MS, SIGN_UP_NOTICE_MS } from './notify';
export { Snackbars } from './Snackbars';
export { Loading, LOADING_TEXT } from './Loading';
export { PageTransition } from './PageTransition';
export { Logo } from './Logo';
