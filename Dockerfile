# syntax=docker/dockerfile:1
#
# One image for both Lastro processes; docker-compose.yml picks the command:
#   api     npm run start:api      (Koa, src/server.ts)
#   worker  npm run start:worker   (Temporal worker, worker/index.ts)
#   migrate npm run db:migrate     (one-shot, before api and worker start)
# TypeScript runs through tsx (a runtime dependency), so there is no compile step and the
# image carries the sources. No secret is baked in: CARD_VAULT_KEY, DATABASE_URL and the
# rest come from the environment at run time.

# ---- deps: production node_modules, installed the way the repo installs them ----------
FROM node:20-bookworm-slim AS deps

# The repo's package.json `allowScripts` (which dependencies may run install scripts) is
# enforced by npm 11; the npm 10 bundled with Node 20 ignores it and would run every
# install script. Pin the npm the repo is developed with.
ARG NPM_VERSION=11.19.1
RUN npm install --global "npm@${NPM_VERSION}" && npm cache clean --force

WORKDIR /app
# Manifests first, so the install layer is reused until dependencies change.
COPY package.json package-lock.json ./
# --omit=dev: tsx, the Temporal SDK (and the @swc/core its workflow bundler uses) are
# runtime dependencies; jest, typescript, eslint and @temporalio/testing are not needed.
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# ---- runtime ---------------------------------------------------------------------------
FROM node:20-bookworm-slim AS runtime

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
