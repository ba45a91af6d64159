# toolgraph's image: the compiled server (dist/) on plain Node, as a non-root user, with only the
# runtime dependencies. Not built or run in this project's CI, which has no container engine:
# test/server/deploy-kit.test.ts checks what can be checked without one (docs/operators.md, "Deploying").
#
#   docker build -t toolgraph .
#   docker run -p 4000:4000 -v toolgraph-data:/app/data toolgraph
#
# Node 24, an LTS line the compiled server is smoke-tested on (test/server/compiled-build.test.ts).
ARG NODE_IMAGE=node:24-bookworm-slim

# Only what the compiled server loads (test/server/deploy-kit.test.ts: it imports no
# devDependency), as README's "Run it" installs it: --omit=optional also leaves out Prisma's CLI
# (an optional peer of @prisma/client; the generated clients are committed, src/store/generated).
# Nothing compiles: SQLite's engine comes prebuilt in its npm package (@rocicorp/zero-sqlite3, as
# better-sqlite3), and esbuild fetches its platform binary from the npm registry.
FROM ${NODE_IMAGE} AS runtime-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --omit=optional --no-audit --no-fund

# The compiled server: `npm run build` needs no devDependency either (esbuild).
FROM runtime-dependencies AS build
COPY tsconfig.json ./
COPY scripts/build.ts ./scripts/build.ts
COPY src ./src
RUN npm run build

FROM ${NODE_IMAGE}
# HOST=0.0.0.0: reachable from outside the container, so access control is on (docs/operators.md, "Exposing it").
ENV NODE_ENV=production HOST=0.0.0.0 PORT=4000
WORKDIR /app
# The server reads schema.graphql and prisma/<provider>/migrations from beside dist/.
COPY package.json schema.graphql ./
COPY prisma ./prisma
COPY --from=runtime-dependencies /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# data/: the default SQLite database (DATABASE_URL=file:data/toolgraph.db); mount a volume there.
RUN mkdir data && chown node:node data
USER node
EXPOSE 4000
# /health answers while the process runs (docs/operators.md, "Health, readiness and outages"); the slim image
# has no curl, so Node's own fetch asks.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 4000) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/src/server/main.js"]
