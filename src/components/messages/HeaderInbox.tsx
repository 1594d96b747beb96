import { Mail } from 'lucide-react';
import { useUnreadCount } from '../../lib/live-events.ts';

/**
 * The header's link to the inbox with the live count of unread messages: an envelope icon in
 * the header bar (from 640 px), a "Messages" row in the phone menu (`className` is its row
 * style).
 */
export default function HeaderInbox({
  variant = 'icon',
  className = '',
}: {
  variant?: 'icon' | 'row';
  className?: string;
}) {
  const unread = useUnreadCount();
  const label = unread ? `Messages, ${unread} unread` : 'Messages';
  const badge = unread ? (
    <span
      className={`min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] font-semibold leading-5 text-white ${variant === 'icon' ? 'absolute -top-0.5 -right-0.5' : 'ml-2'}`}
      data-testid={variant === 'icon' ? 'header-unread' : 'menu-unread'}
    >
      {unread > 99 ? '99+' : unread}
    </span>
  ) : null;
  if (variant === 'row')
    return (
      <a href="/admin/messages" aria-label={label} className={className}>
        Messages{badge}
      </a>
    );
  return (
    <a
      href="/admin/messages"
      aria-label={label}
      title={label}
      className="relative hidden h-10 w-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 sm:inline-flex"
    >
      <Mail className="h-5 w-5" aria-hidden="true" />
      {badge}
    </a>
  );
}
