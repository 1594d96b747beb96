import { apiFetch } from './api.ts';
import { useSession } from './session-store.ts';
import { flash } from './toast.ts';

/**
 * End the session (the server invalidates it and clears the HttpOnly cookie), forget
 * the stored expiry and user info, warn 'Successfully logout', go to /sign-in.
 */
export async function logout() {
  await apiFetch('/api/user/logout', { method: 'POST' });
  useSession.getState().signOut();
  flash('warning', 'Successfully logout', 'Logout', '/sign-in');
  window.location.assign('/sign-in');
}
