import { logout } from '../lib/logout.ts';

export default function LogoutButton({ className = '' }: { className?: string }) {
  return (
    <button type="button" className={className} onClick={() => void logout()}>
      Logout
    </button>
  );
}
