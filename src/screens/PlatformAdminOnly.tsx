import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useAppContext } from '../appContext';
import { isPlatformAdmin } from '../domain/permissions';

/** Custom routes are not checked by react-admin: platform screens send everyone else to /. */
export const PlatformAdminOnly = ({ children }: { children: ReactNode }) => {
  const { data } = useAppContext();
  if (!data) return null;
  return isPlatformAdmin(data.user) ? <>{children}</> : <Navigate to="/" replace />;
};
