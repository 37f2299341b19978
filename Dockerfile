# vino in a container: docs/deployment.md. Two stages: the first compiles TypeScript, bundles the
# web component and builds the sqlite3 native module with every dev tool at hand; the second runs
# the result with production dependencies only, as the unprivileged `node` user.
#
#   docker build -t vino .
#   docker run -p 8080:8080 -v vino-data:/data vino        # embedded SQLite key store in /data

ARG NODE_VERSION=20

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
# node-gyp's tools, for when no prebuilt sqlite3 binary fits this platform.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
# Dependencies first, so a change to the sources does not reinstall them. `npm ci` would run the
# package's prepare script (the build) before the sources are here; sqlite3 is built explicitly.
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts && npm rebuild sqlite3
COPY tsconfig.json tsconfig.build.json ./
COPY bin bin
COPY src src
COPY codegen codegen
COPY ui ui
COPY scripts scripts
COPY registry registry
COPY schemas schemas
RUN npm run build && npm prune --omit=dev

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    VINO_HOST=0.0.0.0 \
    VINO_PORT=8080 \
    VINO_DATA_DIR=/data
WORKDIR /app
# Owned by root and read-only to the process: only /data is written.
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/bin bin
COPY --from=build /app/dist dist
COPY --from=build /app/registry registry
COPY --from=build /app/schemas schemas
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 8080
# Liveness only: a key store outage must not get a container restarted (see /readyz in the docs).
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.VINO_PORT || 8080}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The Node flags of bin/vino.js's first line, so `docker run … decode --json` runs as `vino` does.
ENTRYPOINT ["node", "--max-semi-space-size=4", "bin/vino.js"]
CMD ["serve"]
