import { ChevronDown, Menu as MenuIcon } from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import { BrowserRouter, Navigate, NavLink, Outlet, Route, Routes } from 'react-router';
import type { TSessionUser } from '../../api/context.ts';
import { useUnreadCount } from '../lib/live-events.ts';
import { logout } from '../lib/logout.ts';
import { useSession } from '../lib/session-store.ts';
import { flash } from '../lib/toast.ts';
import Spinner from './components/Spinner.tsx';
import { useInboxUnread } from './components/use-inbox-unread.ts';
import { SCREENS, SIDEBAR } from './screens.tsx';
import { UserContext, useUser } from './user-context.ts';

/**
 * The sidebar: a column from `md` up; on a phone one 'Admin menu' button that opens the same
 * links as full-width rows (a row of ten links would not fit 375 px without scrolling).
 */
function Sidebar() {
  const user = useUser();
  const [open, setOpen] = useState(false);
  const links = SIDEBAR.filter((l) => !l.adminOnly || user.role === 'admin');
  const unread = useUnreadCount();
  const inboxUnread = useInboxUnread(user.role === 'admin');
  const row = 'flex min-h-11 w-full items-center rounded-md px-3 py-2 text-sm font-medium md:block md:min-h-0';
  const cls = ({ isActive }: { isActive: boolean }) =>
    `${row} whitespace-nowrap ${isActive ? 'bg-primary text-primary-fg' : 'text-slate-700 hover:bg-slate-100'}`;
  return (
    <nav aria-label="Admin" className="rounded-xl border border-slate-200 bg-white p-2 shadow-sm md:p-3">
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls="admin-menu"
        className={`${row} justify-between text-slate-800 hover:bg-slate-100 md:hidden`}
      >
        <span className="inline-flex items-center gap-2">
          <MenuIcon className="h-4 w-4" aria-hidden="true" /> Admin menu
        </span>
        <ChevronDown className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden="true" />
      </button>
      <ul id="admin-menu" className={`${open ? 'flex' : 'hidden'} mt-1 flex-col gap-1 md:mt-0 md:flex`}>
        {links.map((l) => (
          <li key={l.to}>
            <NavLink to={l.to} className={cls} onClick={() => setOpen(false)}>
              {l.label}
              {l.to === '/messages' && unread ? (
                <>
                  <span
                    className="ml-2 rounded-full bg-red-600 px-1.5 py-0.5 text-[11px] font-semibold text-white"
                    aria-hidden="true"
                    data-testid="sidebar-unread"
                  >
                    {unread}
                  </span>
                  <span className="sr-only">, {unread} unread</span>
                </>
              ) : null}
              {l.to === '/inbox' && inboxUnread ? (
                <span
                  className="ml-2 rounded-full bg-red-600 px-1.5 py-0.5 text-[11px] font-semibold text-white"
                  data-testid="sidebar-inbox-unread"
                >
                  {inboxUnread}
                  <span className="sr-only"> unread</span>
                </span>
              ) : null}
            </NavLink>
          </li>
        ))}
        <li>
          <button
            type="button"
            onClick={() => void logout()}
            className={`${row} text-left whitespace-nowrap text-red-700 hover:bg-red-50`}
          >
            Logout
          </button>
        </li>
      </ul>
    </nav>
  );
}

function Shell() {
  return (
    <div className="mx-auto max-w-[1200px] px-4 py-6 md:py-8">
      <div className="mb-4 md:mb-6">
        <h1 className="text-2xl font-bold text-slate-900">Admin Panel</h1>
        <nav aria-label="Breadcrumb" className="mt-1 text-sm text-slate-500">
          <a href="/" className="hover:underline">
            Home
          </a>{' '}
          <span aria-hidden="true">›</span> <span>Admin</span>
        </nav>
      </div>
      <div className="grid gap-4 md:grid-cols-[220px_1fr] md:gap-6">
        <aside className="min-w-0">
          <Sidebar />
        </aside>
        <section className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </section>
      </div>
    </div>
  );
}

function AdminOnly({ children }: { children: React.ReactNode }) {
  const user = useUser();
  if (user.role !== 'admin') {
    return <p className="text-slate-600">This section is only available to administrators.</p>;
  }
  return <>{children}</>;
}

/** The admin area: one client-loaded React app with its own router (ARCHITECTURE.md). */
export default function AdminApp({ user }: { user: TSessionUser }) {
  useEffect(() => {
    // The API said the session is gone (expired or logged out elsewhere): back to sign-in.
    const onExpired = () => {
      useSession.getState().signOut();
      flash('error', 'Unable to access dashboard. Please login again.', 'Error', '/sign-in');
      window.location.assign('/sign-in');
    };
    window.addEventListener('session-expired', onExpired);
    return () => window.removeEventListener('session-expired', onExpired);
  }, []);

  return (
    <UserContext.Provider value={user}>
      <BrowserRouter basename="/admin">
        <Routes>
          <Route element={<Shell />}>
            <Route index element={<Navigate to="/dashboard" replace />} />
            {SCREENS.map(({ path, adminOnly, Component }) => (
              <Route
                key={path}
                path={path}
                element={
                  adminOnly ? (
                    <AdminOnly>
                      <Component />
                    </AdminOnly>
                  ) : (
                    <Component />
                  )
                }
              />
            ))}
            <Route path="*" element={<p className="text-slate-600">This page does not exist.</p>} />
          </Route>
        </Routes>
      </BrowserRouter>
    </UserContext.Provider>
  );
}
