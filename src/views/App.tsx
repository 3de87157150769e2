import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { AdminOnly } from './AdminOnly';
import { DocumentSync } from './DocumentSync';
import { ErrorBoundary } from './ErrorBoundary';
import { lazyScreen } from './lazyScreen';
import { LoginPage } from './pages/LoginPage';
import { NotFoundPage, ServerErrorPage } from './pages/StatusPages';
import { RequireAuth } from './RequireAuth';

// Everything behind sign-in loads on demand, so the sign-in page stays small.
const Shell = lazyScreen('shell', () => import('./layout/Shell'));
const Dashboard = lazyScreen('dashboard', () => import('./pages/DashboardPage'));
const Profile = lazyScreen('profile', () => import('./pages/ProfilePage'));
const Register = lazyScreen('register', () => import('./pages/RegisterPage'));
const Statecharts = lazyScreen('statecharts', () => import('./pages/StatechartsPage'));
const Markets = lazyScreen('markets', () => import('./pages/MarketsPage'));
const Chart = lazyScreen('chart', () => import('./pages/ChartPage'));
const Signals = lazyScreen('signals', () => import('./pages/SignalsPage'));
const Watchlists = lazyScreen('watchlists', () => import('./pages/WatchlistsPage'));
const Subscriptions = lazyScreen('subscriptions', () => import('./pages/SubscriptionsPage'));
const SubscriptionEditor = lazyScreen('subscription-editor', () => import('./pages/SubscriptionEditorPage'));
const Strategies = lazyScreen('strategies', () => import('./pages/StrategiesPage'));
const StrategyEditor = lazyScreen('strategy-editor', () => import('./pages/StrategyEditorPage'));
const Backtest = lazyScreen('backtest', () => import('./pages/BacktestPage'));
const Portfolios = lazyScreen('portfolios', () => import('./pages/PortfoliosPage'));
const Portfolio = lazyScreen('portfolio', () => import('./pages/PortfolioPage'));
const Notifications = lazyScreen('notifications', () => import('./pages/NotificationsPage'));
const Channels = lazyScreen('notification-channels', () => import('./pages/ChannelsPage'));
const Broadcast = lazyScreen('broadcast', () => import('./pages/BroadcastPage'));
const AdminTasks = lazyScreen('admin-tasks', () => import('./pages/AdminTasksPage'));
const AdminServices = lazyScreen('admin-services', () => import('./pages/AdminServicesPage'));
const AdminUsers = lazyScreen('admin-users', () => import('./pages/AdminUsersPage'));
const AdminMarkets = lazyScreen('admin-markets', () => import('./pages/AdminMarketsPage'));
const AdminAudit = lazyScreen('admin-audit', () => import('./pages/AdminAuditPage'));

/** Admin-only screens under /admin/…: users get the 404 page there, and no sidebar entry. */
const ADMIN_SCREENS = [
  ['admin/tasks', AdminTasks],
  ['admin/services', AdminServices],
  ['admin/users', AdminUsers],
  ['admin/markets', AdminMarkets],
  ['admin/audit', AdminAudit],
] as const;

/**
 * Routes in declarative mode: the data router (loaders, actions, fetchers) would add ~10 KB gzip
 * to the sign-in page for features the app does not use; screens fetch through actors instead.
 */
export function App() {
  return (
    <BrowserRouter>
      <DocumentSync />
      <ErrorBoundary>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/register" element={<Register />} />
          <Route path="/404" element={<NotFoundPage />} />
          <Route path="/500" element={<ServerErrorPage />} />
          <Route
            path="/"
            element={
              <RequireAuth>
                <Shell />
              </RequireAuth>
            }
          >
            <Route index element={<Dashboard />} />
            <Route path="profile" element={<Profile />} />
            <Route path="markets" element={<Markets />} />
            <Route path="markets/:market" element={<Markets />} />
            <Route path="markets/:market/:symbol" element={<Chart />} />
            <Route path="signals" element={<Signals />} />
            <Route path="watchlists" element={<Watchlists />} />
            <Route path="subscriptions" element={<Subscriptions />} />
            <Route path="subscriptions/new" element={<SubscriptionEditor />} />
            <Route path="subscriptions/:id" element={<SubscriptionEditor />} />
            <Route path="strategies" element={<Strategies />} />
            <Route path="strategies/new" element={<StrategyEditor />} />
            <Route path="strategies/:id" element={<StrategyEditor />} />
            <Route path="strategies/:id/edit" element={<StrategyEditor />} />
            <Route path="backtest" element={<Backtest />} />
            <Route path="portfolios" element={<Portfolios />} />
            <Route path="portfolios/:id" element={<Portfolio />} />
            <Route path="notifications" element={<Notifications />} />
            <Route path="notifications/channels" element={<Channels />} />
            <Route
              path="notifications/broadcast"
              element={
                <AdminOnly>
                  <Broadcast />
                </AdminOnly>
              }
            />
            {ADMIN_SCREENS.map(([path, Screen]) => (
              <Route
                key={path}
                path={path}
                element={
                  <AdminOnly>
                    <Screen />
                  </AdminOnly>
                }
              />
            ))}
            <Route
              path="dev/statecharts"
              element={
                <AdminOnly devOpen>
                  <Statecharts />
                </AdminOnly>
              }
            />
            <Route path="*" element={<NotFoundPage embedded />} />
          </Route>
        </Routes>
      </ErrorBoundary>
    </BrowserRouter>
  );
}
