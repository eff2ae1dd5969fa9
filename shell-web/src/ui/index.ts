export { notify, notifySuccess, notifyFailure, NOTICE_MS, SIGN_UP_NOTICE_MS } from './notify';
export { Loading, LOADING_TEXT } from './Loading';
export { PageTransition } from './PageTransition';
export { Logo } from './Logo';
