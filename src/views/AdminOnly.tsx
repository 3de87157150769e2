import type { ReactNode } from 'react';
import { useAuthSelector } from '../actors/hooks';
import { NotFoundPage } from './pages/StatusPages';

/** Admin screens; in development builds `devOpen` ones are open to everyone (the visualizer). */
export function AdminOnly({ children, devOpen = false }: { children: ReactNode; devOpen?: boolean }) {
  const isAdmin = useAuthSelector((s) => Boolean(s.context.user?.is_superuser));
  if (isAdmin || (devOpen && import.meta.env.DEV)) return <>{children}</>;
  return <NotFoundPage embedded />;
}
