import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAuthSelector } from '../actors/hooks';
import { Spinner } from './components/Spinner';

/** The shell needs a session: a signed-out visit goes to /login and comes back after. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  const loggedIn = useAuthSelector((s) => s.matches('loggedIn'));
  const checking = useAuthSelector((s) => s.matches('restoring') || s.matches('validating'));
  if (checking) return <Spinner />;
  if (!loggedIn) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={next === '/' ? '/login' : `/login?next=${encodeURIComponent(next)}`} replace />;
  }
  return <>{children}</>;
}
