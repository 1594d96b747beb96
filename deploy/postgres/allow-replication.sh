#!/bin/sh
# Run once by the postgres image when it creates the database (docker-entrypoint-initdb.d):
# lets a streaming replica on the compose network connect for replication with the password.
echo "host replication all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
