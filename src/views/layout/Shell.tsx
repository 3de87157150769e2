import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Spinner } from '../components/Spinner';
import { Header } from './Header';
import { Sidebar } from './Sidebar';

/** The main application shell around every signed-in screen. */
export default function Shell() {
  return (
    <div className="flex min-h-screen bg-slate-100 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <Sidebar />
      <div className="flex min-w-0 flex-1 flex-col">
        <Header />
        <main className="flex-1 p-4 md:p-6">
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
