# syntax=docker/dockerfile:1
# Build stage: install everything, build the Astro server bundle, then drop dev dependencies.
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# The postinstall step (npm ci) applies patches/ (patch-package), so they must be here first.
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# Run stage: the built server, production dependencies, migrations, seed and start script.
# (api/, drizzle/ and server/ are TypeScript that Node 24 runs directly: start-up migrates and
# seeds, then server/ serves the build.)
FROM node:24-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=4321 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/api ./api
COPY --from=build /app/drizzle ./drizzle
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/server ./server
# The build is newer than every source, so start.mjs never tries to rebuild in the container.
RUN mkdir -p /data && chown node:node /data && touch dist/server/entry.mjs
USER node
VOLUME ["/data"]
EXPOSE 4321
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "scripts/start.mjs"]
