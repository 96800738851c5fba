# syntax=docker/dockerfile:1
# Build and run FX Trader on one image family, so better-sqlite3 and argon2 are
# compiled for the same libc and Node ABI they run on.

FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

# The single-instance image: `docker build .` (or `--target runtime`).
FROM node:20-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    PORT=3000 \
    DATABASE_PATH=/data/fx-trader.db
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
COPY --from=build /app/db ./db
COPY --from=build /app/app ./app
COPY --from=build /app/tsconfig.json ./
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Applies migrations and seeds the catalogue on an empty database (db/setup.ts,
# with tsx: it needs app/ and db/), then serves with the app's Express server,
# compiled at build time (build/server/index.js, which takes the app from the
# Remix build; docs/decisions/0140-server-imports-only-the-build.md). app/ stays
# in the image for the setup and the Markdown the app reads (app/content).
# Behind a reverse proxy, set TRUST_PROXY to the number of proxies in front of the container.
CMD ["sh", "-c", "node_modules/.bin/tsx db/setup.ts && exec node build/server/index.js"]

# A member of a LiteFS cluster: `docker build --target litefs .`
# (docs/decisions/0066-writes-on-the-litefs-primary.md, other/litefs.yml).
# LiteFS mounts its FUSE file system at /litefs (LITEFS_DIR), keeps its own
# data on the /data volume, runs db/setup.ts on the primary candidate and then
# the server on PORT behind its proxy on INTERNAL_PORT. Needs FUSE (on Fly.io,
# or `docker run --privileged`/`--cap-add SYS_ADMIN --device /dev/fuse`) and
# SESSION_SECRET, which every instance shares.
FROM runtime AS litefs
USER root
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates fuse3 && rm -rf /var/lib/apt/lists/*
COPY --from=flyio/litefs:0.5 /usr/local/bin/litefs /usr/local/bin/litefs
COPY other/litefs.yml /etc/litefs.yml
ENV LITEFS_DIR=/litefs \
    DATABASE_FILENAME=fx-trader.db \
    DATABASE_PATH=/litefs/fx-trader.db \
    INTERNAL_PORT=8080 \
    PORT=3000
RUN mkdir -p /litefs /data/litefs
EXPOSE 8080
ENTRYPOINT ["litefs", "mount"]
CMD []

# The default target stays the single-instance image.
FROM runtime
