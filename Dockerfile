# syntax=docker/dockerfile:1
# One image for every environment, configured only by environment variables (README).
# Node 24 LTS on Debian 12, pinned to an exact release (decision 103): a rebuild gets the same Node and
# npm until someone moves these lines (all three stages name the same one; tests/deploy/image.test.ts),
# and Debian's security updates through apt-get below.

# --- dependencies and build --------------------------------------------------------------
FROM node:24.22.3-bookworm-slim AS build
WORKDIR /app
ENV PUPPETEER_SKIP_DOWNLOAD=1
COPY package.json package-lock.json ./
# No install script runs: npm 10 ignores package.json's allowScripts, vnu-jar's would download a
# Java runtime, and the build needs none of them (decision 103).
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build

# --- production dependencies only -------------------------------------------------------
FROM node:24.22.3-bookworm-slim AS deps
WORKDIR /app
ENV PUPPETEER_SKIP_DOWNLOAD=1
COPY package.json package-lock.json ./
# TypeScript (23 MB) is an optional peer of the Remix packages, so --omit=dev keeps it; nothing
# imports it at run time (decision 104; npm test runs this line and starts the app on its result).
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && rm -rf node_modules/typescript

# --- runtime ------------------------------------------------------------------------------
FROM node:24.22.3-bookworm-slim
# Chromium's headless shell and fonts render the PDF receipts (decision 104); tini reaps the
# browser's children and forwards SIGTERM so the server stops cleanly.
RUN apt-get update \
  && apt-get install -y --no-install-recommends chromium-headless-shell fonts-liberation fonts-noto-core tini ca-certificates \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production \
    PORT=3000 \
    CHROMIUM_PATH=/usr/bin/chromium-headless-shell \
    SESSION_DIR=/app/.sessions
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
COPY package.json ./
RUN mkdir -p /app/.sessions && chown -R node:node /app/.sessions
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthcheck').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "--max-old-space-size=1024", "build/server/main.js"]
