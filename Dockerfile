# syntax=docker/dockerfile:1
# Build stage: install everything, build the Astro server bundle.
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# postinstall ran before the scripts were copied: apply the postgres.js guard now.
RUN node scripts/patch-postgres.mjs && npx astro build && npm prune --omit=dev

# Run stage: only the built server, production dependencies, migrations and the start script.
FROM node:24-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=4321 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/api ./api
COPY --from=build /app/drizzle ./drizzle
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/src ./src
COPY --from=build /app/public ./public
COPY --from=build /app/astro.config.mjs ./
RUN mkdir -p /data && chown node:node /data && touch dist/server/entry.mjs
USER node
VOLUME ["/data"]
EXPOSE 4321
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "scripts/start.mjs"]
