import { createContext, useContext } from 'react';
import type { TSessionUser } from '../../api/context.ts';

export const UserContext = createContext<TSessionUser | null>(null);

/** The signed-in user (the admin page only renders with one). */
export function useUser(): TSessionUser {
  const user = useContext(UserContext);
  if (!user) throw new Error('useUser outside the admin app');
  return user;
}
