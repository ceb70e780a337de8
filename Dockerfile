# syntax=docker/dockerfile:1.7
# Production image: the API and realtime server, serving the built web app.
# One image for every role: app node (CMD), `server/dist/worker.js` and
# `server/dist/migrate.js` (see docker-compose.yml). Runs as `node`, not root.
# The server runs compiled: `npm run build` bundles it (server/build.ts) in
# the build stage, and the runtime holds the bundles, not the TypeScript.

FROM node:24.21.0-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY server/package.json server/
COPY web/package.json web/
COPY bridge/package.json bridge/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY shared shared
COPY migrations migrations
COPY server/tsconfig.json server/build.ts server/
COPY server/src server/src
COPY web web
# The bridge DJs download from the booth (web/dist/downloads), built with the rest.
COPY bridge/tsconfig.json bridge/build.ts bridge/
COPY bridge/src bridge/src
RUN npm run build

FROM node:24.21.0-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    WORKER_PORT=3001 \
    DATA_DIR=/app/data
WORKDIR /app
# All workspace manifests, so `npm ci` accepts the lockfile; only the server's
# and shared's production dependencies are installed: the packages the
# bundles import. server/package.json ("type": "module") makes them ES modules.
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY server/package.json server/
COPY web/package.json web/
COPY bridge/package.json bridge/
RUN npm ci --omit=dev --no-audit --no-fund -w server -w shared && npm cache clean --force
# The bundles (the migrations and their seed data inside) and the built web app.
COPY --from=build /app/server/dist server/dist
COPY --from=build /app/web/dist web/dist
RUN mkdir -p /app/data/uploads && chown -R node:node /app/data
USER node
EXPOSE 3000 3001
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "server/dist/main.js"]
