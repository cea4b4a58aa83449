/** New Account: the dialog over the list (NewAccountDialog.tsx). */
export { AdminAccountCreate as default } from './NewAccountDialog';
