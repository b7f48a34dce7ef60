import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useDismiss } from '@/components/use-dismiss';
import { useLogout } from '@/features/auth/api/use-logout';
import { isEndingHere } from '@/lib/session/session-keeper';
import { useBalance } from '@/lib/balance';
import { useMarkAllRead } from '@/features/notifications/api/use-mark-all-read';
import { useMarkRead } from '@/features/notifications/api/use-mark-read';
import { useNotifications } from '@/features/notifications/api/use-notifications';
import { NotificationBell } from '@/features/notifications/components/NotificationBell';
import { NotificationPanel } from '@/features/notifications/components/NotificationPanel';
import { useRealtime } from '@/app/realtime/use-realtime';
import { isLoggedIn, type SessionUser } from '@/lib/auth-state';
import { BalanceLink } from './BalanceLink';
import { UserMenu } from './UserMenu';
import './signed-in.css';

type Open = 'menu' | 'notifications' | null;

interface SignedInToolsProps {
  user: SessionUser;
  /** Inside the dashboard: balance and the notification bell too. */
  dashboard: boolean;
}

/**
 * The signed-in end of the header. The user menu and the notification panel are never open together;
 * a click outside both (or Escape) closes them. Balance and notifications poll only inside the
 * dashboard and only for a verified e-mail.
 */
export default function SignedInTools({ user, dashboard }: SignedInToolsProps) {
  const [open, setOpen] = useState<Open>(null);
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const { pathname } = useLocation();
  const logout = useLogout();
  const verified = user.email_verified_at !== null;
  const polling = dashboard && verified;

  // The tab's push socket, on every signed-in page (the polls below are its fallback while it is down).
  useRealtime(user.id);
  useBalance(polling);
  // A 401 the session keeper already answered by ending the session (revoked elsewhere), or one this
  // tab expects (it is deleting the account), is not a logout: that would replace the notice and reload.
  const notifications = useNotifications({ enabled: polling, onUnauthorized: () => isLoggedIn() && !isEndingHere() && void logout() });
  const markRead = useMarkRead(notifications.reload);
  const markAllRead = useMarkAllRead(notifications.reload);

  useDismiss(root, open !== null, () => setOpen(null));
  useEffect(() => setOpen(null), [pathname]);
  const toggle = (which: Exclude<Open, null>) => setOpen((current) => (current === which ? null : which));

  return (
    <div ref={root} className="signed-in-tools">
      {dashboard && <BalanceLink balance={user.balance} />}
      {dashboard && (
        <div className="signed-in-tools__bell">
          <NotificationBell
            unreadCount={verified ? notifications.unreadCount : 0}
            open={open === 'notifications'}
            panelId={panelId}
            onToggle={() => toggle('notifications')}
          />
          {open === 'notifications' && (
            <NotificationPanel id={panelId} state={notifications} verified={verified} onRead={(id) => void markRead(id)} onReadAll={() => void markAllRead()} />
          )}
        </div>
      )}
      <UserMenu
        user={user}
        open={open === 'menu'}
        onToggle={() => toggle('menu')}
        onLogout={() => {
          setOpen(null);
          void logout();
        }}
      />
    </div>
  );
}
