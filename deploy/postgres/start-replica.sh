#!/bin/sh
# The replica of compose.yaml's `scale` profile: on first start, a copy of the primary made with
# pg_basebackup -R (it then follows the primary's WAL as a hot standby); later starts reuse it.
set -e
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  until pg_isready -h db -U postgres; do sleep 1; done
  PGPASSWORD="$POSTGRES_PASSWORD" pg_basebackup -h db -U postgres -D "$PGDATA" -R -X stream
  chmod 700 "$PGDATA"
fi
exec postgres
