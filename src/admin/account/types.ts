import type { TApiData } from '../../lib/api.ts';

/** The account as GET /api/account answers it. */
export type TAccount = TApiData<'/api/account'>['data'];
