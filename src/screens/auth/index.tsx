import { Navigate, Route } from 'react-router-dom';
import { lazyView } from '../../lazyView';
import { SelectAccountPage } from './SelectAccountPage';
export { LoginPage } from './LoginPage';

const ForgotPasswordPage = lazyView(() => import('./ForgotPasswordPage'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyView(() => import('./ResetPasswordPage'), 'ResetPasswordPage');
const VerifyEmailPage = lazyView(() => import('./VerifyEmailPage'), 'VerifyEmailPage');
const AccountInvitePage = lazyView(() => import('./AccountInvitePage'), 'AccountInvitePage');

/** Anonymous and account-selection screens, outside the layout (each loaded when first shown). */
export const authRoutes = [
  <Route key="forgot" path="/forgot-password" element={<ForgotPasswordPage />} />,
  <Route key="reset" path="/reset-password/:token" element={<ResetPasswordPage />} />,
  <Route key="reset-missing" path="/reset-password" element={<Navigate to="/login" replace />} />,
  <Route key="verify" path="/verify-email/:token" element={<VerifyEmailPage />} />,
  <Route key="invite" path="/account-invite/:token" element={<AccountInvitePage />} />,
  <Route key="select" path="/select-account" element={<SelectAccountPage />} />,
];
