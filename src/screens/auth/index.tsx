import { Navigate, Route } from 'react-router-dom';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { ResetPasswordPage } from './ResetPasswordPage';
import { VerifyEmailPage } from './VerifyEmailPage';
import { AccountInvitePage } from './AccountInvitePage';
import { SelectAccountPage } from './SelectAccountPage';
export { LoginPage } from './LoginPage';

/** Anonymous and account-selection screens, outside the layout. */
export const authRoutes = [
  <Route key="forgot" path="/forgot-password" element={<ForgotPasswordPage />} />,
  <Route key="reset" path="/reset-password/:token" element={<ResetPasswordPage />} />,
  <Route key="reset-missing" path="/reset-password" element={<Navigate to="/login" replace />} />,
  <Route key="verify" path="/verify-email/:token" element={<VerifyEmailPage />} />,
  <Route key="invite" path="/account-invite/:token" element={<AccountInvitePage />} />,
  <Route key="select" path="/select-account" element={<SelectAccountPage />} />,
];
