import { preparedTestHooks } from '../../api/db/prepared.ts';

// Every statement sent through executePrepared (the search's) is compiled by drizzle as well in
// the API tests, and a difference from api/db/compile-sql.ts fails the request.
preparedTestHooks.checkCompiler = true;
